import { describe, expect, it } from 'vitest';
import { type LedgerFacts, ledgerEntry, reversed } from './ledger.ts';

const HOUR_MS = 3_600_000;
const deliveredAt = new Date('2026-11-05T06:30:00.000Z');
const hoursAfter = (hours: number) => new Date(deliveredAt.getTime() + hours * HOUR_MS);

/** A line delivered with the default one-day return window, 12.5% commission, nothing open or paid. */
const line = (facts: Partial<LedgerFacts> = {}): LedgerFacts => ({
  status: 'delivered',
  replacement_status: null,
  paid_paise: 104_900,
  taxable_paise: 99_905,
  commission_bp: 1250,
  payout_id: null,
  delivered_at: deliveredAt,
  return_window_ended_at: null,
  return_window_days: 1,
  exchange_window_days: 1,
  returnable: true,
  ...facts,
});

describe('a ledger row', () => {
  it('rounds each figure half up to the paisa from the rounded figures before it', () => {
    // 12.5% of 1,049.00 is 131.125 -> 131.13; 18% of that 23.6034 -> 23.60; 0.5% of 999.05 is 4.99525 ->
    // 5.00; 0.1% is 0.99905 -> 1.00
    expect(ledgerEntry(line(), hoursAfter(1)).figures).toEqual({
      saleValue: 104_900,
      taxableValue: 99_905,
      commission: 13_113,
      commissionGst: 2_360,
      tcs: 500,
      tds: 100,
      net: 88_827,
    });
    // no commission: no GST on it; a taxable value of 0.99 keeps TCS 0.00 (0.495 paise) and TDS 0.00
    expect(
      ledgerEntry(line({ commission_bp: 0, paid_paise: 104, taxable_paise: 99 }), deliveredAt).figures,
    ).toEqual({
      saleValue: 104,
      taxableValue: 99,
      commission: 0,
      commissionGst: 0,
      tcs: 0,
      tds: 0,
      net: 104,
    });
    // a half paisa of TCS goes up: 0.5% of 1.00 is 0.5 paise -> 1 paisa
    expect(ledgerEntry(line({ taxable_paise: 100 }), deliveredAt).figures.tcs).toBe(1);
  });

  it('is held until the window closes, then payable; paid once a payout holds it; returned above all', () => {
    expect(ledgerEntry(line(), hoursAfter(23.9))).toMatchObject({
      status: 'held',
      payableFrom: hoursAfter(24),
    });
    expect(ledgerEntry(line(), hoursAfter(24))).toMatchObject({
      status: 'payable',
      payableFrom: hoursAfter(24),
    });
    expect(ledgerEntry(line({ payout_id: 7 }), hoursAfter(48)).status).toBe('paid');
    const returned = ledgerEntry(line({ status: 'returned', payout_id: 7 }), hoursAfter(48));
    expect(returned).toMatchObject({ status: 'returned', payableFrom: null });
  });

  it('is held while a return or exchange is open, whatever the window; not once it was rejected', () => {
    for (const status of ['return_requested', 'returning', 'exchange_requested', 'exchanging'] as const) {
      expect(ledgerEntry(line({ status }), hoursAfter(100)).status).toBe('held');
    }
    for (const status of ['return_rejected', 'exchange_rejected', 'exchanged'] as const) {
      expect(ledgerEntry(line({ status }), hoursAfter(100)).status).toBe('payable');
    }
  });

  it("follows an exchange's new line: held while its return is open, returned once it came back", () => {
    const exchanged = { status: 'exchanged' as const };
    expect(ledgerEntry(line({ ...exchanged, replacement_status: 'delivered' }), hoursAfter(48)).status).toBe(
      'payable',
    );
    expect(
      ledgerEntry(line({ ...exchanged, replacement_status: 'return_requested' }), hoursAfter(48)).status,
    ).toBe('held');
    expect(
      ledgerEntry(line({ ...exchanged, replacement_status: 'returned', payout_id: 3 }), hoursAfter(48))
        .status,
    ).toBe('returned');
  });

  it('is payable from delivery with no return window, and from the moment a window was ended early', () => {
    expect(ledgerEntry(line({ return_window_days: 0 }), deliveredAt)).toMatchObject({
      status: 'payable',
      payableFrom: deliveredAt,
    });
    expect(ledgerEntry(line({ returnable: false }), deliveredAt).status).toBe('payable');
    const ended = line({ return_window_ended_at: hoursAfter(2) });
    expect(ledgerEntry(ended, hoursAfter(1))).toMatchObject({ status: 'held', payableFrom: hoursAfter(2) });
    expect(ledgerEntry(ended, hoursAfter(2)).status).toBe('payable');
  });

  it('reverses to the same figures negated, zero staying zero', () => {
    const { figures } = ledgerEntry(line({ commission_bp: 0 }), deliveredAt);
    const reversal = reversed(figures);
    expect(reversal).toEqual({
      saleValue: -104_900,
      taxableValue: -99_905,
      commission: 0,
      commissionGst: 0,
      tcs: -500,
      tds: -100,
      net: -104_300,
    });
    expect(Object.is(reversal.commission, 0)).toBe(true);
  });
});
