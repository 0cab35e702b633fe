import { describe, expect, it } from 'vitest';
import { LINE_STATUSES, type LineStatus } from '../../../contract/orders.ts';
import { AppError } from '../../platform/errors.ts';
import { assertTransition, canMove, TRANSITIONS } from './lines.ts';
import { cancellationRefund, returnWindowOpen } from './terms.ts';

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
  const line = { linePaise: 99_950, placedAt, lastLiveLine: false, deliveryChargePaise: 5_000 };

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

  it('opens the return window for 24 hours after delivery', () => {
    expect(returnWindowOpen(placedAt, at(23.99))).toBe(true);
    expect(returnWindowOpen(placedAt, at(24))).toBe(false);
    expect(returnWindowOpen(null, at(1))).toBe(false);
  });
});
