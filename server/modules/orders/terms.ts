import {
  CANCELLATION_CHARGE_PERCENT,
  FREE_CANCELLATION_HOURS,
  RETURN_WINDOW_HOURS,
} from '../../../contract/shopping-rules.ts';

const HOUR_MS = 3_600_000;

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

/**
 * The cancellation policy (the spec's limits): free within FREE_CANCELLATION_HOURS of ordering, then
 * CANCELLATION_CHARGE_PERCENT of what was paid for the line is kept; cancelling the order's last live line also
 * gives back its delivery charge, since nothing is delivered any more. A parcel the courier brought back
 * undelivered (RTO, decision 050) is never charged: the shopper never had it.
 */
export function cancellationRefund(line: {
  /** what was paid for the line (paidForLine) */
  linePaise: number;
  placedAt: Date;
  now: Date;
  lastLiveLine: boolean;
  deliveryChargePaise: number;
  broughtBack?: boolean;
}): CancellationRefund {
  const late =
    !line.broughtBack && line.now.getTime() > line.placedAt.getTime() + FREE_CANCELLATION_HOURS * HOUR_MS;
  const chargePaise = late ? Math.round((line.linePaise * CANCELLATION_CHARGE_PERCENT) / 100) : 0;
  const deliveryPaise = line.lastLiveLine ? line.deliveryChargePaise : 0;
  return { refundPaise: line.linePaise - chargePaise + deliveryPaise, chargePaise, deliveryPaise };
}

export const RETURN_WINDOW_CLOSED = 'The return window for this item has closed';

/** Whether a line delivered at `deliveredAt` may still be returned (apparel: 24 hours of receipt). */
export function returnWindowOpen(deliveredAt: Date | null, now: Date): boolean {
  return deliveredAt !== null && now.getTime() < deliveredAt.getTime() + RETURN_WINDOW_HOURS * HOUR_MS;
}
