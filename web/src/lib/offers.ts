import type { BagBreakdown } from '../../../contract/coupons.ts';
import { formatPaise } from '../../../contract/money.ts';
import type { OrderLine } from '../../../contract/orders.ts';

// a sale ends as the shop's customers live it (shown in Asia/Kolkata)
const saleEnd = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'Asia/Kolkata',
});

/** "12 Nov, 11:59 pm": when a sale ends, in India time; built from parts so every browser spaces it alike. */
export function saleEndsAt(endsAt: string): string {
  const part = Object.fromEntries(
    saleEnd.formatToParts(new Date(endsAt)).map(({ type, value }) => [type, value]),
  );
  return `${part.day} ${part.month}, ${part.hour}:${part.minute} ${part.dayPeriod?.toLowerCase()}`;
}

/**
 * Rupees more the bag needs for free delivery, counting it after its discount and coupon (the server's
 * rule: free strictly above the threshold); 0 when delivery is already free.
 */
export function freeDeliveryShortfall(breakdown: BagBreakdown, freeDeliveryAbove: number): number {
  if (breakdown.delivery === 0) return 0;
  const bag = breakdown.totalMrp + breakdown.discount + breakdown.coupon;
  return Math.max(freeDeliveryAbove - bag + 1, 0);
}

/** "Coupon FLAT200 applied · paid ₹1,599.50" on an ordered line a coupon took something off; else undefined. */
export function couponPaid(line: Pick<OrderLine, 'couponCode' | 'paidPaise'>): string | undefined {
  return line.couponCode
    ? `Coupon ${line.couponCode} applied · paid ${formatPaise(line.paidPaise)}`
    : undefined;
}
