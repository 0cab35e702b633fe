import { describe, expect, it } from 'vitest';
import type { CodState } from '../../../../contract/cod-constants.ts';
import type { TimelineEventName } from '../../../../contract/orders.ts';
import { codAmountPaise, codStage, codStateText, formatTimeLeft } from './cod.ts';

const cod = { confirmBy: '2026-12-07T18:00:00.000Z', collectPaise: 104_900 };

describe('a COD line’s cash in words', () => {
  it('says what is to pay at the door, and what was paid, in rupees', () => {
    expect(codStateText({ ...cod, state: 'awaiting_confirmation' })).toBe(
      'Awaiting confirmation with the code we sent to your phone',
    );
    expect(codStateText({ ...cod, state: 'to_collect' })).toBe('Pay ₹1,049 in cash on delivery');
    expect(codStateText({ ...cod, state: 'to_collect', collectPaise: 12_34_550 })).toBe(
      'Pay ₹12,345.50 in cash on delivery',
    );
    expect(codStateText({ ...cod, state: 'cash_due' })).toBe('Paid ₹1,049 in cash');
    expect(codStateText({ ...cod, state: 'cash_received' })).toBe('Paid ₹1,049 in cash');
    expect(codStateText({ ...cod, state: 'not_collected' })).toBe('Not collected: nothing to pay');
  });
});

describe('the time left to confirm', () => {
  it('reads as a clock, rounded up to the second, and 0:00 once over', () => {
    expect(formatTimeLeft(900_000)).toBe('15:00');
    expect(formatTimeLeft(845_001)).toBe('14:06');
    expect(formatTimeLeft(9_000)).toBe('0:09');
    expect(formatTimeLeft(86_400_000)).toBe('24:00:00');
    expect(formatTimeLeft(3_723_000)).toBe('1:02:03');
    expect(formatTimeLeft(0)).toBe('0:00');
    expect(formatTimeLeft(-5_000)).toBe('0:00');
  });
});

/** a line as GET /api/orders has it, with only what the COD screens read */
const line = (state: CodState | null, collectPaise = 0, events: TimelineEventName[] = ['placed']) => ({
  cod: state && { state, confirmBy: cod.confirmBy, collectPaise },
  timeline: events.map((event) => ({ event, at: cod.confirmBy, detail: null })),
});

describe('a COD order’s confirmation', () => {
  it('awaits the code while a line does, and is confirmed once the code was given', () => {
    expect(codStage([line('awaiting_confirmation'), line('awaiting_confirmation')])).toBe('awaiting');
    expect(codStage([line('to_collect', 0, ['placed', 'cod_confirmed'])])).toBe('confirmed');
    // refused at the door after it was confirmed: still an order that was confirmed
    expect(codStage([line('not_collected', 0, ['placed', 'cod_confirmed', 'rto_delivered'])])).toBe(
      'confirmed',
    );
  });

  it('is cancelled when it lapsed or was cancelled unconfirmed, and is none for an online order', () => {
    expect(codStage([line('not_collected', 0, ['placed', 'cancelled'])])).toBe('cancelled');
    expect(codStage([line(null)])).toBeUndefined();
    expect(codStage([])).toBeUndefined();
  });

  it('collects its lines’ cash together: the order’s amount', () => {
    expect(
      codAmountPaise([line('awaiting_confirmation', 104_900), line('awaiting_confirmation', 50_000)]),
    ).toBe(154_900);
  });
});
