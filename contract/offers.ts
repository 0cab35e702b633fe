import { type Static, Type } from 'typebox';
import { MAX_OFFER_TITLE_LENGTH, MAX_PERCENT_OFF, OFFER_STATES } from './offers-constants.ts';

export * from './offers-constants.ts';

/**
 * Offers (decisions 041 and 043): what a sale or a coupon covers, and
 * the back office's sales. Money is whole rupees; times are ISO 8601 with an offset.
 */

const Name = Type.String({ minLength: 1, maxLength: 100 });

/** `{"all": true}`, or any of the parts (a product is covered when any part names it) */
export const OfferScope = Type.Union([
  Type.Object({ all: Type.Literal(true) }, { additionalProperties: false }),
  Type.Object(
    {
      segments: Type.Optional(Type.Array(Name, { maxItems: 50 })),
      genres: Type.Optional(
        Type.Array(Type.Object({ userSegment: Name, genre: Name }, { additionalProperties: false }), {
          maxItems: 200,
        }),
      ),
      crafts: Type.Optional(Type.Boolean()),
      productIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 1000 })),
      sellers: Type.Optional(Type.Array(Name, { maxItems: 100 })),
    },
    { additionalProperties: false },
  ),
]);
export type OfferScope = Static<typeof OfferScope>;

const When = Type.String({ format: 'date-time', maxLength: 40 });
export const OfferTitle = Type.String({ minLength: 1, maxLength: MAX_OFFER_TITLE_LENGTH });
export const OfferStateValue = Type.Enum(OFFER_STATES);

/** POST and PUT /admin/api/sales(/{id}) */
export const SaleBody = Type.Object(
  {
    title: OfferTitle,
    percentOff: Type.Integer({ minimum: 1, maximum: MAX_PERCENT_OFF }),
    scope: OfferScope,
    startsAt: When,
    endsAt: When,
  },
  { additionalProperties: false },
);
export type SaleBody = Static<typeof SaleBody>;

export const Sale = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  percentOff: Type.Integer(),
  scope: OfferScope,
  startsAt: Type.String(),
  /** when it ends, or ended: the moment it was stopped if it was */
  endsAt: Type.String(),
  state: OfferStateValue,
});
export type Sale = Static<typeof Sale>;

export const SalesResponse = Type.Array(Sale);
export type SalesResponse = Static<typeof SalesResponse>;

export const OfferParams = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,9}$' }) });
export type OfferParams = Static<typeof OfferParams>;

/** `sale` on a product's `productInfo` while a sale covers it (null otherwise) */
export const ProductSale = Type.Union([
  Type.Object({ title: Type.String(), endsAt: Type.String() }),
  Type.Null(),
]);
export type ProductSale = Static<typeof ProductSale>;
