import type { AdminShopWindow, ShopWindowBody, WindowLink } from '../../../../../contract/shop-window.ts';

/** One slide or tile as the form holds it: a tile's text stays '', its photo may be ''. */
export interface DraftItem {
  title: string;
  text: string;
  photo: string;
  link: WindowLink;
  /** whether the shop shows it now, as last saved; undefined until saved */
  shown: boolean | undefined;
}

export interface Draft {
  slides: DraftItem[];
  tiles: DraftItem[];
}

export type Kind = keyof Draft;

export const draftOf = (saved: AdminShopWindow): Draft => ({
  slides: saved.slides.map((slide) => ({ ...slide })),
  tiles: saved.tiles.map((tile) => ({ ...tile, text: '', photo: tile.photo ?? '' })),
});

export const bodyOf = (draft: Draft): ShopWindowBody => ({
  slides: draft.slides.map(({ title, text, photo, link }) => ({ title, text, photo, link })),
  tiles: draft.tiles.map(({ title, photo, link }) => ({ title, photo: photo || null, link })),
});

export const newItem = (link: WindowLink): DraftItem => ({
  title: '',
  text: '',
  photo: '',
  link,
  shown: undefined,
});
