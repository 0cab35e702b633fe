/**
 * What the Settlements screen reads of the server's answers (contract "Seller settlements"): money in
 * rupees, exact to the paisa.
 */

export interface SettlementRow {
  sellerId: number;
  name: string;
  gstin: string | null;
  commissionPercent: number;
  lines: number;
  payable: number;
  held: number;
  paid: number;
}

export interface Settlements {
  period: string;
  sellers: SettlementRow[];
}

export type LedgerStatus = 'held' | 'payable' | 'paid' | 'returned';

export interface LedgerFigures {
  saleValue: number;
  taxableValue: number;
  commission: number;
  commissionGst: number;
  tcs: number;
  tds: number;
  net: number;
}

export interface LedgerLine extends LedgerFigures {
  purchaseId: string;
  orderId: number;
  productId: number;
  name: string;
  quantity: number;
  deliveredAt: string;
  payableFrom: string | null;
  status: LedgerStatus;
  reversal?: LedgerFigures;
  payoutId: number | null;
}

export interface Payout {
  id: number;
  amount: number;
  utr: string;
  paidAt: string;
  lines: number;
}

export interface Statement {
  seller: { id: number; name: string; legalName: string | null; gstin: string | null };
  period: string;
  commissionPercent: number;
  lines: LedgerLine[];
  totals: LedgerFigures & { payable: number; held: number; paid: number };
  payouts: Payout[];
}

export const STATUS_LABELS: Record<LedgerStatus, string> = {
  held: 'Held',
  payable: 'Payable',
  paid: 'Paid',
  returned: 'Returned',
};

/** A line's figures as the statement's columns show them, in the contract's order. */
export const FIGURES: [string, keyof LedgerFigures][] = [
  ['Sale value', 'saleValue'],
  ['Taxable value', 'taxableValue'],
  ['Commission', 'commission'],
  ['GST on commission', 'commissionGst'],
  ['TCS', 'tcs'],
  ['TDS', 'tds'],
  ['Net', 'net'],
];
