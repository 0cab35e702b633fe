import { type Static, Type } from 'typebox';
import { dayProblem, MAX_REPORT_DAYS, TOP_PRODUCTS_MAX } from './books.ts';
import { RETURN_REASON_CODES } from './fit-returns-constants.ts';
import { daysBetween } from './india-time.ts';

/**
 * The back office's reports (shared/contracts/owners-books.md "Reports", decision 070), the owner's only:
 * sales by day, top products and genres, returns by reason, what each offer brought, and the orders CSV.
 * Days are India's (`YYYY-MM-DD`, both ends included); money is rupees as a JSON number exact to the
 * paisa, and in the CSV two decimals.
 */

/** `?from=&to=`: checked by rangeProblems (a missing day is a 400 naming it, not a schema error). */
export const ReportRangeQuery = Type.Object({
  from: Type.Optional(Type.String()),
  to: Type.Optional(Type.String()),
});
export type ReportRangeQuery = Static<typeof ReportRangeQuery>;

/** `?from=&to=&limit=`: limit 1 to TOP_PRODUCTS_MAX, TOP_PRODUCTS_DEFAULT when absent. */
export const TopQuery = Type.Object({ ...ReportRangeQuery.properties, limit: Type.Optional(Type.String()) });
export type TopQuery = Static<typeof TopQuery>;

export const LIMIT_PROBLEM = `Choose a number from 1 to ${TOP_PRODUCTS_MAX}`;
const FROM_AFTER_TO = 'The first day comes after the last';
const TOO_LONG = `A report covers at most ${MAX_REPORT_DAYS} days`;

/**
 * What is wrong with a range, by parameter (empty when it is good): each day malformed or off the calendar;
 * then a first day after the last, or more than MAX_REPORT_DAYS days, said of both days, since moving
 * either mends it. The back office's form runs the same check.
 */
export function rangeProblems(from: string | undefined, to: string | undefined): Record<string, string> {
  const problems: Record<string, string> = {};
  const fromProblem = dayProblem(from);
  const toProblem = dayProblem(to);
  if (fromProblem) problems.from = fromProblem;
  if (toProblem) problems.to = toProblem;
  if (fromProblem || toProblem || from === undefined || to === undefined) return problems;
  const wrong = from > to ? FROM_AFTER_TO : daysBetween(from, to).length > MAX_REPORT_DAYS ? TOO_LONG : null;
  return wrong ? { from: wrong, to: wrong } : {};
}

const Day = Type.String({ description: 'YYYY-MM-DD, an India day' });
const Rupees = Type.Number({ description: 'rupees, at most two decimals, exact to the paisa' });
const Range = { from: Day, to: Day };

// GET /admin/api/reports/sales -----------------------------------------------------------------------

const SalesFigures = {
  /** orders placed (an order counts once) */
  orders: Type.Integer(),
  units: Type.Integer(),
  /** the lines' own prices before any sale or coupon x their quantities */
  gross: Rupees,
  /** gross less what was paid for the lines: sale and coupon savings together */
  discounts: Rupees,
  /** goods refunds issued that day, whenever their line was placed (and COD lines never paid, decision 070) */
  refunds: Rupees,
  /** gross - discounts - refunds */
  net: Rupees,
};
export const SalesDay = Type.Object({ date: Day, ...SalesFigures });
export type SalesDay = Static<typeof SalesDay>;
export const SalesReport = Type.Object({
  ...Range,
  /** every day of the range, oldest first, zeros included */
  days: Type.Array(SalesDay),
  /** the sums of the days */
  totals: Type.Object(SalesFigures),
});
export type SalesReport = Static<typeof SalesReport>;

// GET /admin/api/reports/top-products and /top-genres ------------------------------------------------

const TopFigures = {
  /** pieces of the lines placed in the range */
  units: Type.Integer(),
  /** what was paid for them less what has been refunded of them (and of COD lines never paid) */
  net: Rupees,
};
export const TopProduct = Type.Object({ productId: Type.Integer(), name: Type.String(), ...TopFigures });
export const TopProductsReport = Type.Object({ ...Range, products: Type.Array(TopProduct) });
export type TopProductsReport = Static<typeof TopProductsReport>;

/** apparel by segment and genre; the crafts (accessories) as one section, its segment and genre null */
export const REPORT_SECTIONS = ['apparel', 'crafts'] as const;
export const TopGenre = Type.Object({
  section: Type.Enum(REPORT_SECTIONS),
  segment: Type.Union([Type.String(), Type.Null()]),
  genre: Type.Union([Type.String(), Type.Null()]),
  ...TopFigures,
});
export type TopGenre = Static<typeof TopGenre>;
export const TopGenresReport = Type.Object({ ...Range, genres: Type.Array(TopGenre) });
export type TopGenresReport = Static<typeof TopGenresReport>;

// GET /admin/api/reports/returns ---------------------------------------------------------------------

/** RETURN_REASONS' codes, then `other` (a return asked with the spec's free text only) */
export const RETURN_REPORT_REASONS = [...RETURN_REASON_CODES, 'other'] as const;
const ReturnFigures = {
  /** returns asked in the range */
  returns: Type.Integer(),
  units: Type.Integer(),
  /** what was paid for the lines asked back */
  value: Rupees,
  /** of those: accepted (received or not), rejected, and received back */
  accepted: Type.Integer(),
  rejected: Type.Integer(),
  received: Type.Integer(),
};
export const ReturnReasonRow = Type.Object({
  reason: Type.Enum(RETURN_REPORT_REASONS),
  /** the reason as the shopper read it; "Other" */
  title: Type.String(),
  ...ReturnFigures,
});
export const ReturnsReport = Type.Object({
  ...Range,
  /** every reason, in RETURN_REPORT_REASONS' order, zeros included */
  reasons: Type.Array(ReturnReasonRow),
  totals: Type.Object(ReturnFigures),
});
export type ReturnsReport = Static<typeof ReturnsReport>;

// GET /admin/api/reports/offers ----------------------------------------------------------------------

export const OfferBrought = Type.Object({
  kind: Type.Union([Type.Literal('sale'), Type.Literal('coupon')]),
  id: Type.Integer(),
  title: Type.String(),
  /** a coupon's code; null for a sale */
  code: Type.Union([Type.String(), Type.Null()]),
  /** orders with a line it priced, placed in the range */
  orders: Type.Integer(),
  units: Type.Integer(),
  /** what it took off those lines (a sale: its saving; a coupon: its share) */
  discount: Rupees,
  /** what was paid for those lines less what has been refunded of them */
  net: Rupees,
});
export type OfferBrought = Static<typeof OfferBrought>;
/** the sales, then the coupons, each by id; only offers that priced a line placed in the range */
export const OffersReport = Type.Object({ ...Range, offers: Type.Array(OfferBrought) });
export type OffersReport = Static<typeof OffersReport>;

// GET /admin/api/reports/orders.csv ------------------------------------------------------------------

/**
 * The orders CSV's columns, one row per order line placed in the range (an exchange's new line is none).
 * The tax columns are the line's invoice's; `Unit price` is a piece's price as invoiced (after any sale),
 * so Unit price x Quantity - Coupon discount = Paid = Taxable value + CGST + SGST + IGST.
 */
export const ORDERS_CSV_COLUMNS = [
  'Order date',
  'Order ID',
  'Purchase ID',
  'Invoice number',
  'Seller',
  'Seller GSTIN',
  'Place of supply',
  'Product',
  'HSN',
  'Quantity',
  'Unit price',
  'Sale saving',
  'Coupon code',
  'Coupon discount',
  'Paid',
  'Taxable value',
  'GST rate',
  'CGST',
  'SGST',
  'IGST',
  'Payment method',
  'Status',
  'Refunded',
] as const;

export const OrdersCsvAnswer = {
  description: 'the order lines placed in the range as CSV (ORDERS_CSV_COLUMNS), oldest first',
  content: { 'text/csv': { schema: { type: 'string' } } },
} as const;
