/**
 * The shop window's plain constants and its links' addresses, apart from the schemas so that the web apps
 * can import them as values without bundling TypeBox. contract/shop-window.ts re-exports them.
 */

export const MAX_SLIDES = 8;
export const MAX_TILES = 24;
export const MAX_TITLE = 60;
export const MAX_TEXT = 140;
/** the tile built for the crafts listing while the owner has saved no tiles */
export const CRAFTS_TILE_TITLE = 'Crafts';

/** Where a slide or tile leads: a listing, the crafts, one product, or a search. */
export type WindowLink =
  | { kind: 'listing'; userSegment: string; genre: string }
  | { kind: 'crafts' }
  | { kind: 'product'; productId: number }
  | { kind: 'search'; q: string };

export const LINK_KINDS = ['listing', 'crafts', 'product', 'search'] as const;
