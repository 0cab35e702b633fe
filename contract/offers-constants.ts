/**
 * Offers: the rules of sales and coupons that the server enforces and the web apps show, apart
 * from the schemas so that the web apps import them as values without bundling TypeBox.
 */

/** a sale or a percentage coupon takes at most this much off */
export const MAX_PERCENT_OFF = 90;
export const MAX_OFFER_TITLE_LENGTH = 80;

/** What an offer covers: everything, or any product that one of the parts names. */
export type OfferScopeValue =
  | { all: true }
  | {
      segments?: string[];
      genres?: { userSegment: string; genre: string }[];
      crafts?: boolean;
      productIds?: number[];
      sellers?: string[];
    };

/** An offer's state as the back office shows it. */
export const OFFER_STATES = ['scheduled', 'live', 'ended', 'disabled'] as const;
export type OfferState = (typeof OFFER_STATES)[number];

/** a coupon code: letters and digits, compared regardless of case */
export const COUPON_CODE_PATTERN = '^[A-Za-z0-9]{4,20}$';
/** tries of codes (apply) per session per hour: guessing codes is slow */
export const COUPON_APPLIES_PER_HOUR = 20;
