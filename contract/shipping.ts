import { type Static, Type } from 'typebox';
import { PurchaseId } from './admin.ts';

/**
 * Shipping through the courier partner from the back office (decision 049).
 * GET /admin/api/shipping: whether a partner books shipments (else Ship takes a typed tracking id).
 */
export const ShippingSetup = Type.Object({
  partner: Type.Union([Type.Literal('shiprocket'), Type.Null()]),
});
export type ShippingSetup = Static<typeof ShippingSetup>;

/**
 * POST /admin/api/orders/{purchaseId}/ship `{}` or `{courierId}`: booked, the line shipped with the AWB
 * as its tracking id; labelUrl is GET /admin/api/orders/{purchaseId}/label (a PDF).
 */
export const ShipmentBooked = Type.Object({
  awb: Type.String(),
  courier: Type.String(),
  labelUrl: Type.String(),
});
export type ShipmentBooked = Static<typeof ShipmentBooked>;

/** GET /admin/api/orders/{purchaseId}/couriers: who can carry the line's parcel; rate in rupees. */
export const CourierChoices = Type.Object({
  couriers: Type.Array(
    Type.Object({
      courierId: Type.Integer(),
      name: Type.String(),
      rate: Type.Number(),
      /** the courier's days from pickup to delivery */
      days: Type.Integer(),
    }),
  ),
  /** the cheapest that meets the partner's estimate; null when no courier serves the parcel */
  recommendedId: Type.Union([Type.Integer(), Type.Null()]),
});
export type CourierChoices = Static<typeof CourierChoices>;

export const SHIPMENTS_AT_ONCE = 100;

/** POST /admin/api/shipments, /labels, /manifest, /pickup: the lines, each once. */
export const ShipmentLines = Type.Object(
  {
    purchaseIds: Type.Array(PurchaseId, { minItems: 1, maxItems: SHIPMENTS_AT_ONCE, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export type ShipmentLines = Static<typeof ShipmentLines>;

/** POST /admin/api/shipments: each line booked (awb, courier, labelUrl) or why not (error). */
export const ShipmentsBooked = Type.Object({
  results: Type.Array(
    Type.Object({
      purchaseId: Type.String(),
      awb: Type.Union([Type.String(), Type.Null()]),
      courier: Type.Union([Type.String(), Type.Null()]),
      labelUrl: Type.Union([Type.String(), Type.Null()]),
      error: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
export type ShipmentsBooked = Static<typeof ShipmentsBooked>;

/** POST /admin/api/shipments/pickup: the day the courier comes, as the partner gives it. */
export const PickupScheduled = Type.Object({
  pickupDate: Type.String(),
  purchaseIds: Type.Array(Type.String()),
});
export type PickupScheduled = Static<typeof PickupScheduled>;
