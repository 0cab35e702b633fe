import { type Static, Type } from 'typebox';

export const SetStockBody = Type.Object(
  {
    // ids are 32-bit in the database: a larger one is bad input, not a failed query
    productId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    /** '' for accessories, which come in one size */
    size: Type.String({ maxLength: 20 }),
    quantity: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  },
  { additionalProperties: false },
);
export type SetStockBody = Static<typeof SetStockBody>;

export const SetStockResponse = Type.Object({
  productId: Type.Integer(),
  size: Type.String(),
  stock: Type.Integer(),
});
export type SetStockResponse = Static<typeof SetStockResponse>;
