/**
 * Delivery partners' plain constants, apart from the schemas so that the back office can import them as
 * values without bundling TypeBox. contract/partners.ts re-exports them.
 */

/** in a tracking page's address, where the shipment's tracking id goes */
export const TRACKING_ID = '{trackingId}';

/** the pincode list's one column */
export const PINCODE_COLUMN = 'pincode';
