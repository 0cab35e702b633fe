import type { LedgerFigures, LedgerStatus } from '../../../../../contract/settlements.ts';

/** How the Settlements screen words a ledger row's status and names its figures. */
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
