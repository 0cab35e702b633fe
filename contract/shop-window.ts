import { type Static, Type } from 'typebox';
import { MAX_SLIDES, MAX_TEXT, MAX_TILES, MAX_TITLE } from './shop-window-constants.ts';

/**
 * The shop window: the home page's hero slides and tiles, the owner's (GET/PUT /admin/api/shop-window),
 * as shoppers get them (GET /api/shop-window): only those that lead to something on sale, each with the
 * web app's address of its link (`href`, contract/paths.ts).
 */

export {
  CRAFTS_TILE_TITLE,
  LINK_KINDS,
  MAX_SLIDES,
  MAX_TEXT,
  MAX_TILES,
  MAX_TITLE,
  type WindowLink,
} from './shop-window-constants.ts';

// the schema bounds what is read; the service says in words what a window may hold (MAX_SLIDES, ...)
const READ_AT_MOST = 100;
const Text = Type.String({ maxLength: 1000 });

export const WindowLinkSchema = Type.Union(
  [
    Type.Object(
      { kind: Type.Literal('listing'), userSegment: Text, genre: Text },
      { additionalProperties: false },
    ),
    Type.Object({ kind: Type.Literal('crafts') }, { additionalProperties: false }),
    Type.Object(
      { kind: Type.Literal('product'), productId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) },
      { additionalProperties: false },
    ),
    Type.Object({ kind: Type.Literal('search'), q: Text }, { additionalProperties: false }),
  ],
  { description: 'Where it leads: a listing (segment and genre), the crafts, a product, or a search' },
);

const PhotoName = Type.String({ maxLength: 200 });

export const WindowSlide = Type.Object({
  title: Type.String(),
  text: Type.String(),
  /** `/images/{photo}`; a width query (`?w=640`) may follow */
  photoUrl: Type.String(),
  link: WindowLinkSchema,
  href: Type.String(),
});
export type WindowSlide = Static<typeof WindowSlide>;

export const WindowTile = Type.Object({
  title: Type.String(),
  photoUrl: Type.Union([Type.String(), Type.Null()]),
  link: WindowLinkSchema,
  href: Type.String(),
});
export type WindowTile = Static<typeof WindowTile>;

/** GET /api/shop-window: what the home page features now, in the owner's order. */
export const ShopWindowResponse = Type.Object({
  slides: Type.Array(WindowSlide),
  tiles: Type.Array(WindowTile),
});
export type ShopWindowResponse = Static<typeof ShopWindowResponse>;

export const SlideBody = Type.Object(
  { title: Text, text: Text, photo: PhotoName, link: WindowLinkSchema },
  { additionalProperties: false },
);
export type SlideBody = Static<typeof SlideBody>;

export const TileBody = Type.Object(
  { title: Text, photo: Type.Optional(Type.Union([PhotoName, Type.Null()])), link: WindowLinkSchema },
  { additionalProperties: false },
);
export type TileBody = Static<typeof TileBody>;

/** PUT /admin/api/shop-window: the whole window; `tiles: []` goes back to the tiles built from the catalogue. */
export const ShopWindowBody = Type.Object(
  {
    slides: Type.Array(SlideBody, { maxItems: READ_AT_MOST }),
    tiles: Type.Array(TileBody, { maxItems: READ_AT_MOST }),
  },
  {
    additionalProperties: false,
    description: `The home page's window: at most ${MAX_SLIDES} slides and ${MAX_TILES} tiles, titles 1 to ${MAX_TITLE} characters, a slide's text at most ${MAX_TEXT}; photos are names from POST /admin/api/products/photos (a slide's required). Refused 400 {error, fields} keyed by place (slides.0.photo), nothing saved.`,
  },
);
export type ShopWindowBody = Static<typeof ShopWindowBody>;

export const AdminSlide = Type.Object({
  title: Type.String(),
  text: Type.String(),
  photo: Type.String(),
  link: WindowLinkSchema,
  /** whether the shop shows it now (its link leads to something on sale) */
  shown: Type.Boolean(),
});
export type AdminSlide = Static<typeof AdminSlide>;

export const AdminTile = Type.Object({
  title: Type.String(),
  photo: Type.Union([Type.String(), Type.Null()]),
  link: WindowLinkSchema,
  shown: Type.Boolean(),
});
export type AdminTile = Static<typeof AdminTile>;

/** GET and PUT /admin/api/shop-window: the window as saved, `{slides: [], tiles: []}` before any save. */
export const AdminShopWindow = Type.Object({
  slides: Type.Array(AdminSlide),
  tiles: Type.Array(AdminTile),
});
export type AdminShopWindow = Static<typeof AdminShopWindow>;
