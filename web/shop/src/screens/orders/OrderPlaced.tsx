import { type ReactNode, useCallback, useEffect, useId, useRef } from 'react';
import { formatRupees } from '../../../../../contract/money.ts';
import type { PlacedOrder, ShippingAddress } from '../../../../../contract/orders.ts';
import { apiPaths } from '../../../../../contract/paths.ts';
import { api } from '../../../../shared/api/client.ts';
import { useLoad } from '../../api/useLoad.ts';
import { Image } from '../../components/Image.tsx';
import { deliveryDates, deliveryEstimate, FALLBACK_DELIVERY_TEXT } from '../../lib/delivery-window.ts';

const PHOTO_WIDTH = '4rem';

/** The address's lines as a parcel's label shows them. */
function addressLines(address: ShippingAddress): string[] {
  const joined = (...parts: string[]) => parts.filter((part) => part.trim()).join(', ');
  return [
    joined(address.fname, address.lname).replace(', ', ' '),
    joined(address.houseNo, address.roadName),
    joined(address.areaName, address.postOffice),
    joined(address.city, address.state),
    address.pin,
  ].filter(Boolean);
}

/** The order's delivery dates: from the first item's earliest day to the last item's latest. */
async function orderDates(order: PlacedView): Promise<string | undefined> {
  const productIds = [...new Set(order.items.map((item) => item.prodId))];
  const estimates = await Promise.all(productIds.map((id) => deliveryEstimate(order.address.pin, id)));
  if (estimates.some((estimate) => estimate === undefined)) return undefined;
  const known = estimates as { from: string; to: string }[];
  const from = known.map((estimate) => estimate.from).sort()[0];
  const to = known
    .map((estimate) => estimate.to)
    .sort()
    .at(-1);
  return from && to ? deliveryDates(from, to) : undefined;
}

/** What an order confirmation shows: its items (first line first) and where they go. */
export type PlacedView = Pick<PlacedOrder, 'items' | 'address'>;

/**
 * The order's items with their delivery dates, loaded together so the confirmation shows (and is read
 * out) once, whole; `order` as the server has it (never the bag as it was).
 */
export function usePlacedOrder<T extends PlacedView>(load: (signal?: AbortSignal) => Promise<T>) {
  const request = useCallback(
    async (signal?: AbortSignal) => {
      const order = await load(signal);
      return { order, dates: (await orderDates(order)) ?? FALLBACK_DELIVERY_TEXT };
    },
    [load],
  );
  return useLoad(request, 'Error occurred while loading the order placed').state;
}

/**
 * "Order placed": what the payment bought, as the server has the order (never the bag as it was), the
 * amount paid, where it goes and when it should come. Its heading takes focus, so it is heard first.
 */
export function OrderPlaced({ paymentId }: { paymentId: string }) {
  const load = useCallback(
    (signal?: AbortSignal) => api.get<PlacedOrder>(apiPaths.placedOrder(paymentId), { signal }),
    [paymentId],
  );
  const state = usePlacedOrder(load);
  if (state.status !== 'ready') return null;
  const { order, dates } = state.data;
  return (
    <PlacedSummary order={order} dates={dates}>
      Thank you! We have your payment of <strong>{formatRupees(order.amountPaid)}</strong>.
    </PlacedSummary>
  );
}

/**
 * An order confirmation, online or cash on delivery: the heading (which takes focus as it appears, so
 * it is heard first), what was paid or is to pay (`children`), the items, the address and the dates.
 */
export function PlacedSummary({
  order,
  dates,
  children,
}: {
  order: PlacedView;
  dates: string;
  children: ReactNode;
}) {
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    titleRef.current?.focus();
  }, []);
  return (
    <section className="order-placed" aria-labelledby={titleId} aria-live="polite">
      <h2 id={titleId} ref={titleRef} tabIndex={-1} className="order-placed-title">
        Order placed
      </h2>
      <p className="order-placed-paid">{children}</p>
      <ul className="order-placed-items">
        {order.items.map((item) => (
          <li key={item.purchase_id} className="order-placed-item">
            <span className="order-placed-photo">
              <Image file={item.photo1} alt="" width={960} height={1280} sizes={PHOTO_WIDTH} />
            </span>
            <span className="order-placed-words">
              <strong>{item.name}</strong>
              <span>
                {item.size && `Size: ${item.size} · `}Qty: {item.quantity} ·{' '}
                {formatRupees(item.currentPrice * item.quantity)}
              </span>
              <span>Purchase id: {item.purchase_id}</span>
            </span>
          </li>
        ))}
      </ul>
      <div className="order-placed-facts">
        <div>
          <h3>Delivering to</h3>
          <address>
            {addressLines(order.address).map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
        </div>
        <div>
          <h3>Expected delivery</h3>
          <p>{dates}</p>
        </div>
      </div>
    </section>
  );
}
