import { type Static, Type } from 'typebox';

/**
 * Delivery through a courier partner (decision 048). GET /api/delivery-estimate: when a
 * product ordered now reaches a pincode, counting the seller's handover days and the courier's estimate
 * for the pair of pincodes, Sundays and India's national holidays not counted.
 */
export const DeliveryEstimateQuery = Type.Object(
  {
    pincode: Type.String({ pattern: '^[1-9][0-9]{5}$' }),
    productId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  },
  { additionalProperties: false },
);
export type DeliveryEstimateQuery = Static<typeof DeliveryEstimateQuery>;

/** a day as YYYY-MM-DD, in India */
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const DeliveryEstimate = Type.Object({
  /** as POST /api/pincheck answers for the product's partner */
  serviceable: Type.Boolean(),
  /** the first and last day the parcel may come (the same day when the estimate is one day); null when not serviceable */
  from: Type.Union([Day, Type.Null()]),
  to: Type.Union([Day, Type.Null()]),
});
export type DeliveryEstimate = Static<typeof DeliveryEstimate>;
