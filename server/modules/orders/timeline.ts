import { TIMELINE_EVENTS, type TimelineEvent, type TimelineEventName } from '../../../contract/orders.ts';
import type { Db } from '../../db/connect.ts';
import { rupees } from '../../platform/api-values.ts';
import * as store from './timeline-store.ts';

/** The courier's tracking page for a tracking id, from the partner's template; null when it has none. */
export function trackingLink(template: string | null, trackingId: string): string | null {
  return template ? template.replaceAll('{trackingId}', encodeURIComponent(trackingId)) : null;
}

const RANK = new Map<TimelineEventName, number>(TIMELINE_EVENTS.map((event, i) => [event, i]));

/** Oldest first; steps at the same moment in the order a line lives them. */
const byTime = (a: TimelineEvent, b: TimelineEvent) =>
  a.at.localeCompare(b.at) || (RANK.get(a.event) ?? 0) - (RANK.get(b.event) ?? 0);

/** the parcel's events the shopper sees as steps of their own (decision 050) */
const COURIER_STEPS: Partial<Record<string, TimelineEventName>> = {
  'OUT FOR DELIVERY': 'out_for_delivery',
  UNDELIVERED: 'undelivered',
  'RTO INITIATED': 'rto_initiated',
  'RTO DELIVERED': 'rto_delivered',
};

/** When the reverse pickup took the item from the shopper, if the courier said so. */
const pickedUpAt = (events: readonly store.CourierEvent[]) =>
  events.find((event) => event.kind === 'return' && event.status === 'PICKED UP')?.happened_at ?? null;

/**
 * A line's timeline from when its steps happened, the courier's events of its parcel and reverse pickup,
 * and the refunds made of it.
 */
export function buildTimeline(
  line: store.LineSteps,
  refunds: readonly store.ProcessedRefund[],
  courierEvents: readonly store.CourierEvent[] = [],
): TimelineEvent[] {
  const events: TimelineEvent[] = [];
  const add = (event: TimelineEventName, at: Date | null, detail: TimelineEvent['detail'] = null) => {
    if (at) events.push({ event, at: at.toISOString(), detail });
  };
  // an exchange's new line was not ordered: its life starts when it ships (decision 047)
  const exchangeLine = line.exchange_of !== null;
  if (!exchangeLine) add('placed', line.placed_at);
  // a cash-on-delivery order's code given (its exchange lines were never awaiting one)
  if (!exchangeLine) add('cod_confirmed', line.cod_confirmed_at);
  if (line.tracking_id) {
    add(exchangeLine ? 'exchange_shipped' : 'shipped', line.shipped_at, {
      trackingId: line.tracking_id,
      trackingUrl: trackingLink(line.tracking_url, line.tracking_id),
    });
  }
  for (const event of courierEvents) {
    const step = event.kind === 'forward' ? COURIER_STEPS[event.status] : undefined;
    if (step) add(step, event.happened_at);
  }
  add('delivered', line.delivered_at);
  // cash on delivery: the courier took the cash at the door, then remitted it to the shop (decision 069)
  if (line.payment_method === 'cod') add('cash_collected', line.delivered_at);
  add('cash_received', line.cash_received_at);
  add('cancelled', line.cancelled_at);
  add('return_requested', line.requested_at);
  if (line.accepted !== null) add(line.accepted ? 'return_accepted' : 'return_rejected', line.decided_at);
  // the reverse pickup's own time when the courier told it; else when the item was received back
  const pickedUp = pickedUpAt(courierEvents);
  add('picked_up', line.accepted === null ? null : (pickedUp ?? line.received_at));
  add('exchange_requested', line.exchange_requested_at);
  // a refused exchange reads as the refused return it is: the item stays with the shopper
  if (line.exchange_accepted !== null) {
    add(line.exchange_accepted ? 'exchange_accepted' : 'return_rejected', line.exchange_decided_at);
  }
  add('exchange_received', line.exchange_accepted === null ? null : (pickedUp ?? line.exchange_received_at));
  for (const refund of refunds) add('refunded', refund.processed_at, { amount: rupees(refund.amount_paise) });
  return events.sort(byTime);
}

/** Every line's timeline of a shopper's or of one order, by purchase id. */
export async function timelinesOf(db: Db, scope: store.TimelineScope): Promise<Map<string, TimelineEvent[]>> {
  const [lines, refunds, events] = await Promise.all([
    store.lineSteps(db, scope),
    store.processedRefunds(db, scope),
    store.courierEvents(db, scope),
  ]);
  const ofLine = <T extends { purchase_id: string }>(rows: readonly T[], purchaseId: string) =>
    rows.filter((row) => row.purchase_id === purchaseId);
  return new Map(
    lines.map((line) => [
      line.purchase_id,
      buildTimeline(line, ofLine(refunds, line.purchase_id), ofLine(events, line.purchase_id)),
    ]),
  );
}
