import { COMMISSION_GST_PERCENT, TCS_BP, TDS_BP } from '../../../contract/books.ts';
import type { LedgerStatus } from '../../../contract/settlements.ts';
import type { OrderLineStatus } from '../../db/schema.ts';
import { basisPointsOf, roundDiv } from '../books/money.ts';
import { type Deliverable, returnableUntil } from '../orders/terms.ts';

/** A ledger row's seven figures, in integer paise, in the order they are computed. */
export interface Figures {
  saleValue: number;
  taxableValue: number;
  commission: number;
  commissionGst: number;
  tcs: number;
  tds: number;
  net: number;
}

export const FIGURES: readonly (keyof Figures)[] = [
  'saleValue',
  'taxableValue',
  'commission',
  'commissionGst',
  'tcs',
  'tds',
  'net',
];

/** What a delivered line's ledger row is made of. */
export interface LedgerFacts extends Deliverable {
  status: OrderLineStatus;
  /** the status of the line an exchange gave for it, if any: returning that returns the sale */
  replacement_status: OrderLineStatus | null;
  /** what the shopper paid for the line (paidPaise) */
  paid_paise: number;
  /** the line's taxable value on its invoice */
  taxable_paise: number | string;
  /** the seller's commission when the line was placed */
  commission_bp: number;
  /** the payout that paid it; null while unpaid */
  payout_id: number | null;
}

export interface LedgerEntry {
  figures: Figures;
  status: LedgerStatus;
  /** when the return window closes; null once returned */
  payableFrom: Date | null;
}

/** A return or exchange asked for and not yet rejected or completed keeps the row held. */
const OPEN: readonly OrderLineStatus[] = [
  'return_requested',
  'returning',
  'exchange_requested',
  'exchanging',
];

/**
 * The one place a delivered line's ledger row is made: its figures, each rounded half up to the paisa from
 * the already-rounded ones before it (shared/contracts/owners-books.md), and its status now: returned, else
 * paid once a payout holds it, else held until its return window closes (or while a return or exchange is
 * open), else payable.
 */
export function ledgerEntry(line: LedgerFacts, now: Date): LedgerEntry {
  const saleValue = line.paid_paise;
  const taxableValue = Number(line.taxable_paise);
  const commission = basisPointsOf(saleValue, line.commission_bp);
  const commissionGst = roundDiv(commission * COMMISSION_GST_PERCENT, 100);
  const tcs = basisPointsOf(taxableValue, TCS_BP);
  const tds = basisPointsOf(taxableValue, TDS_BP);
  const net = saleValue - commission - commissionGst - tcs - tds;
  const figures = { saleValue, taxableValue, commission, commissionGst, tcs, tds, net };
  // after an exchange, the new size's line says whether the goods came back or a return is open
  const sale = line.replacement_status ?? line.status;
  if (sale === 'returned') return { figures, status: 'returned', payableFrom: null };
  // with no return window (none in force, or a genre not returnable) it is payable at delivery
  const payableFrom = line.return_window_ended_at ?? returnableUntil(line) ?? line.delivered_at ?? now;
  const held = now.getTime() < payableFrom.getTime() || OPEN.includes(sale);
  const status = line.payout_id !== null ? 'paid' : held ? 'held' : 'payable';
  return { figures, status, payableFrom };
}

/** The figures negated (0 stays 0, never -0): a returned row's reversal, so its entries net to zero. */
export const reversed = (figures: Figures): Figures =>
  Object.fromEntries(FIGURES.map((key) => [key, 0 - figures[key]])) as Record<keyof Figures, number>;
