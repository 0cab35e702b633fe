/**
 * Delivery through a courier partner (decision 048), as plain values the web apps share.
 * Spec section 9: the seller hands a parcel to the courier within 0 to 7 days, and delivery takes 7 to 10
 * business days (Sundays and holidays excluded) when no courier's estimate is at hand.
 */
export const HANDOVER_DAYS = { min: 0, max: 7, default: 2 } as const;

export const FALLBACK_DELIVERY_DAYS = { from: 7, to: 10 } as const;
