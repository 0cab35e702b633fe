import { type Static, Type } from 'typebox';

/**
 * The owner's categories (issue 38): the apparel segments in menu order, each with its genres in order.
 * Products keep naming their segment and genre by text (`prod` `apparel`); the tree orders the menu and
 * `GET /home`, and says which genres are one-size (one unsized stock, `size: ""`, as an accessory has).
 */

/** A segment's or a genre's name: 1 to this many characters. */
export const CATEGORY_NAME_MAX = 40;
/** Not a segment's name: the crafts listing's path (`/item/accessories/...`) is taken. */
export const RESERVED_SEGMENT = 'accessories';

// the schema bounds what is read; the service says in words what a name may be
const Name = Type.String({ maxLength: 200 });
const READ_AT_MOST = 500;

export const CategoryGenre = Type.Object({
  name: Type.String(),
  oneSize: Type.Boolean(),
  /** products on sale in it */
  products: Type.Integer(),
});
export type CategoryGenre = Static<typeof CategoryGenre>;

/** GET and PUT /admin/api/categories: the tree in menu order. */
export const CategoryTree = Type.Object({
  segments: Type.Array(Type.Object({ name: Type.String(), genres: Type.Array(CategoryGenre) })),
});
export type CategoryTree = Static<typeof CategoryTree>;

/**
 * PUT /admin/api/categories: the whole tree in the order wanted, new segments and genres added. Leaving
 * out a pair that has products is a 409; a bad name a 400 `{error, fields}` (`segments.1.genres.0.name`).
 */
export const CategoryTreeBody = Type.Object(
  {
    segments: Type.Array(
      Type.Object(
        {
          name: Name,
          genres: Type.Array(
            Type.Object(
              { name: Name, oneSize: Type.Boolean(), products: Type.Optional(Type.Integer()) },
              { additionalProperties: false },
            ),
            { maxItems: READ_AT_MOST },
          ),
        },
        { additionalProperties: false },
      ),
      { maxItems: READ_AT_MOST },
    ),
  },
  { additionalProperties: false },
);
export type CategoryTreeBody = Static<typeof CategoryTreeBody>;
