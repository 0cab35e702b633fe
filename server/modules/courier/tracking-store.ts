import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { TrackingEvent } from './partner.ts';

/** The shipment an AWB names, with its line's purchase id and status. */
export function shipmentOfAwb(db: Db, awb: string) {
  return db
    .selectFrom('shipments')
    .innerJoin('order_lines', 'order_lines.id', 'shipments.order_line_id')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select([
      'shipments.id',
      'shipments.kind',
      'shipments.awb',
      'shipments.status',
      'shipments.status_at',
      'shipments.done',
      'order_lines.id as line_id',
      'order_lines.purchase_id',
      'order_lines.status as line_status',
      'order_lines.cod_collect_paise',
      'orders.customer_id',
      'orders.payment_method',
    ])
    .where('shipments.awb', '=', awb)
    .executeTakeFirst();
}

export type TrackedShipment = NonNullable<Awaited<ReturnType<typeof shipmentOfAwb>>>;

/** Keeps the event once (false: it was kept before) and marks the shipment heard of now. */
export async function recordEvent(trx: Db, shipmentId: number, event: TrackingEvent): Promise<boolean> {
  const inserted = await trx
    .insertInto('shipment_events')
    .values({
      shipment_id: shipmentId,
      status: event.status,
      happened_at: event.happenedAt,
      location: event.location,
    })
    .onConflict((oc) => oc.columns(['shipment_id', 'status', 'happened_at']).doNothing())
    .returning('id')
    .executeTakeFirst();
  await trx.updateTable('shipments').set({ heard_at: sql`now()` }).where('id', '=', shipmentId).execute();
  return inserted !== undefined;
}

/** The shipment's status becomes the event's: the caller has checked it is not a step back. */
export async function setStatus(trx: Db, shipmentId: number, event: TrackingEvent): Promise<void> {
  await trx
    .updateTable('shipments')
    .set({ status: event.status, status_at: event.happenedAt })
    .where('id', '=', shipmentId)
    .execute();
}

/**
 * A cash-on-delivery line refused at the door: counted once against its shopper (decision 069), however
 * often the courier's return events repeat.
 */
export async function markRefused(db: Db, lineId: number, at: Date): Promise<void> {
  await db
    .updateTable('order_lines')
    .set({ cod_refused_at: at })
    .where('id', '=', lineId)
    .where('cod_refused_at', 'is', null)
    .execute();
}

/** Nothing more to track: its last status came and the line has moved on it. */
export async function markDone(db: Db, shipmentId: number): Promise<void> {
  await db.updateTable('shipments').set({ done: true }).where('id', '=', shipmentId).execute();
}

/** The shipment's row for update, so two events of one shipment take turns. */
export function lockShipment(trx: Db, shipmentId: number) {
  return trx
    .selectFrom('shipments')
    .select(['status', 'status_at'])
    .where('id', '=', shipmentId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** Shipments still travelling that nothing was heard of since `before`: polling asks after them. */
export function quietShipments(db: Db, before: Date, limit: number) {
  return db
    .selectFrom('shipments')
    .select(['id', 'awb'])
    .where('done', '=', false)
    .where('heard_at', '<', before)
    .orderBy('heard_at')
    .limit(limit)
    .execute();
}

/**
 * Takes the shipment for this poll: only the instance whose update still finds it quiet since `before`
 * asks the partner (the claim marks it heard of now), so several instances never ask twice.
 */
export async function claimForPoll(db: Db, shipmentId: number, before: Date): Promise<boolean> {
  const claimed = await db
    .updateTable('shipments')
    .set({ heard_at: sql`now()` })
    .where('id', '=', shipmentId)
    .where('heard_at', '<', before)
    .executeTakeFirst();
  return claimed.numUpdatedRows > 0n;
}

/** Shipments not done that nothing was heard of since `before` (the Dashboard's stuck list), oldest first. */
export function stuckShipments(db: Db, before: Date) {
  return db
    .selectFrom('shipments')
    .innerJoin('order_lines', 'order_lines.id', 'shipments.order_line_id')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('shipment_events')
          .select(['shipment_id', (e) => e.fn.max('happened_at').as('last_event')])
          .groupBy('shipment_id')
          .as('last'),
      (join) => join.onRef('last.shipment_id', '=', 'shipments.id'),
    )
    .select([
      'order_lines.purchase_id',
      'shipments.kind',
      'shipments.awb',
      'shipments.courier',
      'shipments.status',
      sql<Date>`coalesce(last.last_event, shipments.status_at)`.as('since'),
    ])
    .where('shipments.done', '=', false)
    .where(sql<Date>`coalesce(last.last_event, shipments.status_at)`, '<', before)
    .orderBy('since')
    .execute();
}
