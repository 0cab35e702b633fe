const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The shop's rules an order keeps from when it was placed (its columns, migration 037). */
export interface OrderRules {
  return_window_days: number;
  exchange_window_days: number;
  free_cancellation_hours: number;
  cancellation_charge_percent: number;
}

export interface CancellationRefund {
  /** what goes back in total */
  refundPaise: number;
  /** kept as the cancellation charge */
  chargePaise: number;
  /** the order's delivery charge, given back with its last live line */
  deliveryPaise: number;
}

/**
 * What a line gives back, cancelled or returned: what was paid for it, after its share of any coupon
 * (decision 042), never its price before the coupon. The one place that says so.
 */
export const paidForLine = (line: { paid_paise: number }): number => line.paid_paise;

/** Until when cancelling a line of the order is free. */
export const freeCancellationUntil = (placedAt: Date, rules: Pick<OrderRules, 'free_cancellation_hours'>) =>
  new Date(placedAt.getTime() + rules.free_cancellation_hours * HOUR_MS);

/**
 * The cancellation policy, the order's own rules: free until freeCancellationUntil, then its
 * cancellation_charge_percent of what was paid for the line is kept; cancelling the order's last live line also
 * gives back its delivery charge, since nothing is delivered any more. A parcel the courier brought back
 * undelivered (RTO, decision 050) is never charged: the shopper never had it.
 */
export function cancellationRefund(line: {
  /** what was paid for the line (paidForLine) */
  linePaise: number;
  placedAt: Date;
  rules: Pick<OrderRules, 'free_cancellation_hours' | 'cancellation_charge_percent'>;
  now: Date;
  lastLiveLine: boolean;
  deliveryChargePaise: number;
  broughtBack?: boolean;
}): CancellationRefund {
  const late =
    !line.broughtBack && line.now.getTime() > freeCancellationUntil(line.placedAt, line.rules).getTime();
  const chargePaise = late ? Math.round((line.linePaise * line.rules.cancellation_charge_percent) / 100) : 0;
  const deliveryPaise = line.lastLiveLine ? line.deliveryChargePaise : 0;
  return { refundPaise: line.linePaise - chargePaise + deliveryPaise, chargePaise, deliveryPaise };
}

export const RETURN_WINDOW_CLOSED = 'The return window for this item has closed';

export const EXCHANGE_WINDOW_CLOSED = 'The exchange window for this item has closed';

/** What a line's return and exchange windows follow from: its delivery, its genre and its order's rules. */
export interface Deliverable extends Pick<OrderRules, 'return_window_days' | 'exchange_window_days'> {
  delivered_at: Date | null;
  /** when its return window was ended before its time (the dev route); null while it runs its course */
  return_window_ended_at: Date | null;
  /** its genre is not marked not returnable */
  returnable: boolean;
}

/** The end of a window of `days` from delivery: null before delivery, with 0 days, or for a genre not returnable. */
function windowEnd(line: Deliverable, days: number): Date | null {
  if (line.delivered_at === null || days === 0 || !line.returnable) return null;
  return new Date(line.delivered_at.getTime() + days * DAY_MS);
}

/** The end of the return window: as its days run from delivery, or the moment it was ended before its time. */
export function returnableUntil(line: Deliverable): Date | null {
  const end = windowEnd(line, line.return_window_days);
  return end && (line.return_window_ended_at ?? end);
}
export const exchangeableUntil = (line: Deliverable) => windowEnd(line, line.exchange_window_days);

/** Whether a window that ends at `until` (null: none) is still open. */
export const windowOpen = (until: Date | null, now: Date): boolean =>
  until !== null && now.getTime() < until.getTime();
