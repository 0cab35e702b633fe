/**
 * The rules of buying (the spec's limits), stated once: the server enforces them, the web app states them
 * to the shopper. Plain values apart from the schemas, so the web app imports them without TypeBox.
 * Money in paise, as the server counts it; the web app shows it in rupees.
 */

// The bag ------------------------------------------------------------------------------------------

/** units of one product in one order, all its sizes together */
export const MAX_UNITS_PER_PRODUCT = 4;
/**
 * an unpaid checkout holds at most so many units and so many rupees of the bag: above them
 * /create-order refuses, though the bag may gather more. The server's defaults (ORDER_MAX_UNITS,
 * ORDER_MAX_RUPEES).
 */
export const ORDER_MAX_UNITS = 20;
export const ORDER_MAX_RUPEES = 200_000;
/** minutes an unpaid checkout holds its units, from the account's first unpaid attempt in a row (STOCK_HOLD_MINUTES) */
export const STOCK_HOLD_MINUTES = 10;
// the delivery charge and free-delivery threshold are the owner's settings (GET /api/shop): the spec's
// ₹50 and ₹500 until changed (migration 015)

// After the sale ------------------------------------------------------------------------------------

/**
 * The owner's rules (settings, GET /api/shop): the return and exchange windows in days from delivery, free
 * cancellation in hours from ordering, and the share of a line's price kept when it is cancelled after
 * that. Each order keeps the rules in force when it was placed. Integers in these ranges; the defaults
 * (migration 037) are the spec's 24 hours and 10%.
 */
export const SHOP_RULE_LIMITS = {
  returnWindowDays: 60,
  exchangeWindowDays: 60,
  freeCancellationHours: 720,
  cancellationChargePercent: 50,
} as const;
export type ShopRuleName = keyof typeof SHOP_RULE_LIMITS;
export type ShopRules = Record<ShopRuleName, number>;

/** A window as the shop's texts write it: `1 day`, `7 days`. */
export const daysText = (days: number) => (days === 1 ? '1 day' : `${days} days`);
/** `1 hour`, `24 hours` */
export const hoursText = (hours: number) => (hours === 1 ? '1 hour' : `${hours} hours`);

/** a refund reaches the original payment method within this many days of being issued (spec: "5/6 days") */
export const REFUND_DAYS = 6;

// The catalogue -------------------------------------------------------------------------------------

/** the product page warns of low stock below this many units */
export const LOW_STOCK_BELOW = 10;
/** products per listing page */
export const PAGE_SIZE = 20;

// Cash on delivery ----------------------------------------------------------------------------------

/**
 * open cash-on-delivery orders a shopper may have at once: an order is open while any of its lines is
 * placed or shipped (awaiting confirmation, or confirmed and not yet delivered)
 */
export const COD_MAX_OPEN_ORDERS = 3;
