/**
 * Delivery partners' plain constants, apart from the schemas so that the back office can import them as
 * values without bundling TypeBox. contract/partners.ts re-exports them.
 */

/** in a tracking page's address, where the shipment's tracking id goes */
export const TRACKING_ID = '{trackingId}';

/** the pincode list's one column */
export const PINCODE_COLUMN = 'pincode';

/**
 * A partner's delivery promise: business days from the order to delivery, the seller's handover included
 * (no Sundays, no national holidays), both ends or neither; neither is the spec's 7 to 10.
 */
export const PROMISE_DAYS = { min: 1, max: 30 } as const;
