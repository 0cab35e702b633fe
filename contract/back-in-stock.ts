import { type Static, Type } from 'typebox';

export * from './back-in-stock-constants.ts';

/**
 * GET, POST and DELETE /api/products/{id}/notify: a logged-in customer asks for an SMS when a sold-out
 * size of the product is back in stock, once (decision 036).
 */

export const BackInStockParams = Type.Object({ id: Type.String() });
export type BackInStockParams = Static<typeof BackInStockParams>;

/** the size to wait for, as the product page lists it */
export const BackInStockBody = Type.Object(
  { size: Type.String({ minLength: 1, maxLength: 40 }) },
  { additionalProperties: false },
);
export type BackInStockBody = Static<typeof BackInStockBody>;

/** the sizes of the product this customer is waiting for now, in the product's order */
export const BackInStockResponse = Type.Object({ sizes: Type.Array(Type.String()) });
export type BackInStockResponse = Static<typeof BackInStockResponse>;
