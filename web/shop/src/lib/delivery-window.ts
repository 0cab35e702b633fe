import type { DeliveryEstimate } from '../../../../contract/courier.ts';
import { FALLBACK_DELIVERY_DAYS } from '../../../../contract/courier-constants.ts';
import { apiPaths } from '../../../../contract/paths.ts';
import { api } from '../../../shared/api/client.ts';

// the server's days are India's dates, YYYY-MM-DD: shown as written, whatever the browser's time zone
const dayFormat = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
/** "Wed, 3 Dec": the day a parcel comes by, the last of an estimate's range. */
export const deliveryDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/** "Wed, 3 Dec", or "Sat, 31 Jan - Wed, 4 Feb" when the estimate is a range. */
export function deliveryDates(from: string, to: string): string {
  return from === to ? deliveryDay(from) : `${deliveryDay(from)} - ${deliveryDay(to)}`;
}

/** "by Wed, 3 Dec", or "between Sat, 31 Jan and Wed, 4 Feb": when a parcel comes, after "Delivery to 700001". */
export function deliveryWhen(from: string, to: string): string {
  return from === to ? `by ${deliveryDay(to)}` : `between ${deliveryDay(from)} and ${deliveryDay(to)}`;
}

/** What the shopper is told when no date could be had: the spec's business days. */
export const FALLBACK_DELIVERY_TEXT = `${FALLBACK_DELIVERY_DAYS.from}-${FALLBACK_DELIVERY_DAYS.to} business days`;

/** The days a product ordered now reaches the pincode (GET /api/delivery-estimate); undefined when unknown. */
export async function deliveryEstimate(
  pincode: string,
  productId: number,
): Promise<{ from: string; to: string } | undefined> {
  try {
    const { from, to } = await api.get<DeliveryEstimate>(apiPaths.deliveryEstimate(pincode, productId));
    return from && to ? { from, to } : undefined;
  } catch {
    return undefined;
  }
}
