/**
 * The back office catalogue's plain constants, apart from the schemas so that the back office can import
 * them as values without bundling TypeBox. contract/products.ts re-exports them.
 */

/** The filterable features the owner sets by hand; `color` and `size` follow from colour and sizes. */
export const EDITABLE_FEATURES = [
  'fabric',
  'sleeveSize',
  'neckLine',
  'fitType',
  'occasion',
  'material',
  'craft',
  'pattern',
] as const;
export type EditableFeature = (typeof EDITABLE_FEATURES)[number];

export const MAX_PHOTOS = 5;
export const ADMIN_PRODUCTS_PAGE_SIZE = 50;
