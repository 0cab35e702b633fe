import type { Db } from '../../db/connect.ts';

/** Whose lines: a shopper's (Orders) or one order's (the back office's order page). */
export type TimelineScope = { customerId: number } | { orderId: number };

/** the scope's orders: the shopper's, or the one */
const scopedOrders = (db: Db, scope: TimelineScope) =>
  'customerId' in scope
    ? db.selectFrom('orders').select('id').where('customer_id', '=', scope.customerId)
    : db.selectFrom('orders').select('id').where('id', '=', scope.orderId);

/** When each step of the lines happened, with the courier's tracking page: one row per line. */
export async function lineSteps(db: Db, scope: TimelineScope) {
  return db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .innerJoin('products', 'products.id', 'order_lines.product_id')
    .innerJoin('delivery_partners', 'delivery_partners.id', 'products.partner_id')
    .leftJoin('returns', 'returns.order_line_id', 'order_lines.id')
    .leftJoin('exchanges', 'exchanges.order_line_id', 'order_lines.id')
    .leftJoin('cod_remittances', 'cod_remittances.order_line_id', 'order_lines.id')
    .leftJoin('cod_confirmations', 'cod_confirmations.order_id', 'orders.id')
    .select([
      'order_lines.purchase_id',
      'order_lines.exchange_of',
      'cod_confirmations.confirmed_at as cod_confirmed_at',
      'exchanges.requested_at as exchange_requested_at',
      'exchanges.accepted as exchange_accepted',
      'exchanges.decided_at as exchange_decided_at',
      'exchanges.received_at as exchange_received_at',
      'orders.placed_at',
      'orders.payment_method',
      'cod_remittances.applied_at as cash_received_at',
      'order_lines.tracking_id',
      'order_lines.shipped_at',
      'order_lines.delivered_at',
      'order_lines.cancelled_at',
      'returns.requested_at',
      'returns.accepted',
      'returns.decided_at',
      'returns.received_at',
      'delivery_partners.tracking_url',
    ])
    .where('orders.id', 'in', scopedOrders(db, scope))
    .execute();
}

export type LineSteps = Awaited<ReturnType<typeof lineSteps>>[number];

/** The refunds of the lines that the gateway has made, oldest first. */
export async function processedRefunds(db: Db, scope: TimelineScope) {
  return db
    .selectFrom('refunds')
    .innerJoin('order_lines', 'order_lines.id', 'refunds.order_line_id')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select(['order_lines.purchase_id', 'refunds.amount_paise', 'refunds.processed_at'])
    .where('orders.id', 'in', scopedOrders(db, scope))
    .where('refunds.status', '=', 'processed')
    .orderBy('refunds.processed_at')
    .orderBy('refunds.id')
    .execute();
}

export type ProcessedRefund = Awaited<ReturnType<typeof processedRefunds>>[number];

/** The courier's tracking events of the lines (their parcels and reverse pickups), oldest first. */
export async function courierEvents(db: Db, scope: TimelineScope) {
  return db
    .selectFrom('shipment_events')
    .innerJoin('shipments', 'shipments.id', 'shipment_events.shipment_id')
    .innerJoin('order_lines', 'order_lines.id', 'shipments.order_line_id')
    .select([
      'order_lines.purchase_id',
      'shipments.kind',
      'shipment_events.status',
      'shipment_events.happened_at',
    ])
    .where('order_lines.order_id', 'in', scopedOrders(db, scope))
    .orderBy('shipment_events.happened_at')
    .execute();
}

export type CourierEvent = Awaited<ReturnType<typeof courierEvents>>[number];
