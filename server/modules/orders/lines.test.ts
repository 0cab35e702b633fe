import { describe, expect, it } from 'vitest';
import { LINE_STATUSES, type LineStatus } from '../../../contract/orders.ts';
import { AppError } from '../../platform/errors.ts';
import { assertTransition, canMove, TRANSITIONS } from './lines.ts';
import { cancellationRefund, exchangeableUntil, returnableUntil, windowOpen } from './terms.ts';

const HOUR = 3_600_000;

describe('the order line state machine', () => {
  it('reaches every state from placed', () => {
    const reached = new Set<LineStatus>(['placed']);
    for (const from of reached) for (const to of TRANSITIONS[from]) reached.add(to);
    expect([...reached].sort()).toEqual([...LINE_STATUSES].sort());
  });

  it.each([
    ['placed', 'shipped'],
    ['placed', 'cancelled'],
    ['shipped', 'delivered'],
    ['shipped', 'cancelled'],
    ['delivered', 'return_requested'],
    ['return_requested', 'returning'],
    ['return_requested', 'return_rejected'],
    ['returning', 'returned'],
  ] as const)('allows %s -> %s', (from, to) => {
    expect(canMove(from, to)).toBe(true);
    expect(() => assertTransition(from, to)).not.toThrow();
  });

  it.each([
    ['delivered', 'cancelled', 'This item is delivered and cannot be cancelled'],
    ['cancelled', 'cancelled', 'This item is already cancelled'],
    ['placed', 'delivered', 'This item is awaiting shipment and cannot be marked delivered'],
    ['placed', 'return_requested', 'This item is awaiting shipment and cannot be returned'],
    ['returning', 'return_requested', 'This item is already being returned'],
    ['returned', 'cancelled', 'This item is returned and cannot be cancelled'],
    ['return_rejected', 'returned', 'This item is refused for return and cannot be received back'],
  ] as const)('refuses %s -> %s with 409', (from, to, message) => {
    expect(canMove(from, to)).toBe(false);
    expect(() => assertTransition(from, to)).toThrow(expect.objectContaining({ status: 409, message }));
    expect(() => assertTransition(from, to)).toThrow(AppError);
  });

  it('ends in cancelled, returned and return_rejected', () => {
    expect(TRANSITIONS.cancelled).toEqual([]);
    expect(TRANSITIONS.returned).toEqual([]);
    expect(TRANSITIONS.return_rejected).toEqual([]);
  });
});

describe('cancellation and return terms', () => {
  const placedAt = new Date('2026-03-01T10:00:00Z');
  const at = (hours: number) => new Date(placedAt.getTime() + hours * HOUR);
  const rules = { free_cancellation_hours: 24, cancellation_charge_percent: 10 };
  const line = { linePaise: 99_950, placedAt, rules, lastLiveLine: false, deliveryChargePaise: 5_000 };

  it('is free up to 24 hours after ordering', () => {
    expect(cancellationRefund({ ...line, now: at(24) })).toEqual({
      refundPaise: 99_950,
      chargePaise: 0,
      deliveryPaise: 0,
    });
  });

  it('keeps 10% of the line, rounded to whole paise, after 24 hours', () => {
    expect(cancellationRefund({ ...line, now: at(24.01) })).toEqual({
      refundPaise: 89_955,
      chargePaise: 9_995,
      deliveryPaise: 0,
    });
  });

  it("gives back the delivery charge with the order's last live line", () => {
    expect(cancellationRefund({ ...line, lastLiveLine: true, now: at(1) }).refundPaise).toBe(104_950);
  });

  it("follows the order's own rules: 2 hours free, then 25% kept; 0 hours: always charged", () => {
    const own = { ...line, rules: { free_cancellation_hours: 2, cancellation_charge_percent: 25 } };
    expect(cancellationRefund({ ...own, now: at(2) }).chargePaise).toBe(0);
    expect(cancellationRefund({ ...own, now: at(2.01) }).chargePaise).toBe(24_988);
    const none = { ...line, rules: { free_cancellation_hours: 0, cancellation_charge_percent: 10 } };
    expect(cancellationRefund({ ...none, now: at(0.01) }).chargePaise).toBe(9_995);
  });

  it("opens the return and exchange windows for the order's days after delivery", () => {
    const delivered = {
      delivered_at: placedAt,
      return_window_ended_at: null,
      returnable: true,
      return_window_days: 7,
      exchange_window_days: 1,
    };
    expect(returnableUntil(delivered)).toEqual(at(7 * 24));
    expect(exchangeableUntil(delivered)).toEqual(at(24));
    expect(windowOpen(returnableUntil(delivered), at(7 * 24 - 0.01))).toBe(true);
    expect(windowOpen(returnableUntil(delivered), at(7 * 24))).toBe(false);
    expect(returnableUntil({ ...delivered, delivered_at: null })).toBeNull();
    expect(returnableUntil({ ...delivered, return_window_days: 0 })).toBeNull();
    expect(exchangeableUntil({ ...delivered, returnable: false })).toBeNull();
    expect(windowOpen(null, at(1))).toBe(false);
    // ended before its time (the dev route): the return window ends then, the exchange window runs on
    const ended = { ...delivered, return_window_ended_at: at(2) };
    expect(returnableUntil(ended)).toEqual(at(2));
    expect(exchangeableUntil(ended)).toEqual(at(24));
    expect(returnableUntil({ ...ended, returnable: false })).toBeNull();
  });
});
