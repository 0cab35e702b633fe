import { type Static, Type } from 'typebox';

/**
 * Sellers' settlements (shared/contracts/owners-books.md "Seller settlements", decision 070): the ledger of
 * each seller's delivered lines, what is held, payable and paid for a month (India time) of deliveries, the
 * payouts the owner records with the bank's UTR, and each seller's statement as JSON, CSV or PDF. The
 * owner's alone. Money is rupees as a JSON number (at most two decimals, exact to the paisa).
 */

const Rupees = Type.Number();
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

/** held: its return window is open, or a return or exchange is open; payable; paid: in a payout; returned */
export const LEDGER_STATUSES = ['held', 'payable', 'paid', 'returned'] as const;
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];

/** The statement's formats (`format=`); json when absent. */
export const STATEMENT_FORMATS = ['json', 'csv', 'pdf'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** The statement CSV's columns, in order. */
export const STATEMENT_CSV_COLUMNS = [
  'Purchase ID',
  'Product',
  'Quantity',
  'Delivered',
  'Status',
  'Sale value',
  'Taxable value',
  'Commission',
  'GST on commission',
  'TCS',
  'TDS',
  'Net',
] as const;

/** A returned row's second CSV row, its figures negated. */
export const REVERSAL_STATUS = 'reversal';

// PUT /admin/api/sellers/{id}/commission -----------------------------------------------------------------

/** 0 to 50, at most two decimals (contract/books.ts commissionProblem) */
export const CommissionBody = Type.Object(
  { commissionPercent: Type.Number() },
  { additionalProperties: false },
);
export type CommissionBody = Static<typeof CommissionBody>;

export const CommissionAnswer = Type.Object({ id: Type.Integer(), commissionPercent: Type.Number() });
export type CommissionAnswer = Static<typeof CommissionAnswer>;

// GET /admin/api/settlements?period=YYYY-MM ------------------------------------------------------------

/** `period` is checked by the service (400 `{error, fields: {period}}`), not the schema */
export const PeriodQuery = Type.Object({ period: Type.Optional(Type.String({ maxLength: 20 })) });
export type PeriodQuery = Static<typeof PeriodQuery>;

/** One seller with a ledger row delivered in the period: `payable`, `held`, `paid` sum the rows' `net`. */
export const SettlementSeller = Type.Object({
  sellerId: Type.Integer(),
  name: Type.String(),
  gstin: Nullable(Type.String()),
  commissionPercent: Type.Number(),
  lines: Type.Integer(),
  payable: Rupees,
  held: Rupees,
  paid: Rupees,
});
export type SettlementSeller = Static<typeof SettlementSeller>;

/** sellers by name */
export const SettlementList = Type.Object({ period: Type.String(), sellers: Type.Array(SettlementSeller) });
export type SettlementList = Static<typeof SettlementList>;

// GET /admin/api/settlements/{sellerId}?period=YYYY-MM[&format=json|csv|pdf] ------------------------------

export const SellerIdParams = Type.Object({ sellerId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
export type SellerIdParams = Static<typeof SellerIdParams>;

export const StatementQuery = Type.Object({
  period: Type.Optional(Type.String({ maxLength: 20 })),
  /** json (the default), csv or pdf; anything else 400 `{error, fields: {format}}` */
  format: Type.Optional(Type.String({ maxLength: 20 })),
});
export type StatementQuery = Static<typeof StatementQuery>;

/** The seven figures of a ledger row, in the order they are computed, each rounded half up to the paisa. */
export const LedgerFigures = Type.Object({
  saleValue: Rupees,
  taxableValue: Rupees,
  commission: Rupees,
  commissionGst: Rupees,
  tcs: Rupees,
  tds: Rupees,
  net: Rupees,
});
export type LedgerFigures = Static<typeof LedgerFigures>;

/**
 * One delivered line. payableFrom: when its return window closes (null once returned); reversal: a
 * returned row's figures negated (it counts in no total); payoutId: the payout that paid it, else null.
 */
export const LedgerLine = Type.Object({
  purchaseId: Type.String(),
  orderId: Type.Integer(),
  productId: Type.Integer(),
  name: Type.String(),
  quantity: Type.Integer(),
  deliveredAt: Type.String(),
  payableFrom: Nullable(Type.String()),
  status: Type.Enum(LEDGER_STATUSES),
  ...LedgerFigures.properties,
  reversal: Type.Optional(LedgerFigures),
  payoutId: Nullable(Type.Integer()),
});
export type LedgerLine = Static<typeof LedgerLine>;

/** saleValue ... net sum the rows not returned; payable, held, paid the nets of the rows in that status */
export const StatementTotals = Type.Object({
  ...LedgerFigures.properties,
  payable: Rupees,
  held: Rupees,
  paid: Rupees,
});
export type StatementTotals = Static<typeof StatementTotals>;

/** A payout recorded for the seller and period: `lines` how many rows it paid. */
export const Payout = Type.Object({
  id: Type.Integer(),
  amount: Rupees,
  utr: Type.String(),
  paidAt: Type.String(),
  lines: Type.Integer(),
});
export type Payout = Static<typeof Payout>;

export const Statement = Type.Object({
  seller: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    legalName: Nullable(Type.String()),
    gstin: Nullable(Type.String()),
  }),
  period: Type.String(),
  /** the seller's commission now (each line keeps the one in force when it was placed) */
  commissionPercent: Type.Number(),
  /** by delivery, oldest first */
  lines: Type.Array(LedgerLine),
  totals: StatementTotals,
  /** oldest first */
  payouts: Type.Array(Payout),
});
export type Statement = Static<typeof Statement>;

export const StatementAnswer = {
  description:
    'the statement: JSON, or with format=csv a CSV (STATEMENT_CSV_COLUMNS), or with format=pdf an A4 PDF',
  content: {
    'application/json': { schema: Statement },
    'text/csv': { schema: { type: 'string' } },
    'application/pdf': { schema: { type: 'string', format: 'binary' } },
  },
} as const;

// POST /admin/api/settlements/{sellerId}/pay ------------------------------------------------------------

/** utr: the bank's reference, 12 to 22 letters and digits (contract/books.ts UTR_PATTERN) */
export const PayBody = Type.Object(
  { period: Type.String({ maxLength: 20 }), utr: Type.String({ maxLength: 40 }) },
  { additionalProperties: false },
);
export type PayBody = Static<typeof PayBody>;

/** 201: every row of the period payable now, paid: `amount` their nets summed, `lines` their count */
export const PayoutRecorded = Type.Object({
  ...Payout.properties,
  sellerId: Type.Integer(),
  period: Type.String(),
});
export type PayoutRecorded = Static<typeof PayoutRecorded>;
