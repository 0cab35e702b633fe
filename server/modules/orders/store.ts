import { type ExpressionBuilder, sql, type Updateable } from 'kysely';
import type { LineStatus } from '../../../contract/orders.ts';
import type { Db } from '../../db/connect.ts';
import type { Database, OrderLinesTable } from '../../db/schema.ts';

/** Whether the shopper has any line of the product, and whether one of them reached them. */
export async function purchaseOf(db: Db, customerId: number, productId: number) {
  return db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select((eb) => [
      eb.fn.countAll<number>().as('lines'),
      eb.fn.count<number>('order_lines.delivered_at').as('received'),
    ])
    .where('orders.customer_id', '=', customerId)
    .where('order_lines.product_id', '=', productId)
    .executeTakeFirstOrThrow();
}

/** Paise refunded (or on their way) for the line, null for none: a failed refund gave nothing back. */
function refundedPaise(eb: ExpressionBuilder<Database, 'order_lines'>) {
  return eb
    .selectFrom('refunds')
    .select((r) => r.fn.sum<number>('refunds.amount_paise').as('paise'))
    .whereRef('refunds.order_line_id', '=', 'order_lines.id')
    .where('refunds.status', '<>', 'failed');
}

const firstPhoto = sql<string>`products.photos[1]`;

/** The shopper's lines with their product, return, own review and refunds: newest order first. */
export async function customerLines(db: Db, customerId: number) {
  return db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .innerJoin('products', 'products.id', 'order_lines.product_id')
    .leftJoin('returns', 'returns.order_line_id', 'order_lines.id')
    .leftJoin('reviews', (join) =>
      join
        .onRef('reviews.customer_id', '=', 'orders.customer_id')
        .onRef('reviews.product_id', '=', 'order_lines.product_id'),
    )
    .select((eb) => [
      'order_lines.purchase_id',
      'order_lines.status',
      'order_lines.tracking_id',
      'order_lines.size',
      'order_lines.quantity',
      'order_lines.unit_price_paise',
      'order_lines.delivered_at',
      'orders.placed_at',
      'products.id as product_id',
      'products.name',
      'products.prod',
      firstPhoto.as('photo1'),
      'returns.accepted',
      'reviews.rating',
      'reviews.body as review',
      refundedPaise(eb).as('refunded_paise'),
    ])
    .where('orders.customer_id', '=', customerId)
    .orderBy('orders.placed_at', 'desc')
    .orderBy('orders.id', 'desc')
    .orderBy('order_lines.id')
    .execute();
}

export type LineFields = Omit<Updateable<OrderLinesTable>, 'status' | 'updated_at'>;

export type LockedLine = NonNullable<Awaited<ReturnType<typeof lockLine>>>;

/**
 * Locks a line for a change of state, with what deciding it needs; only the shopper's own when
 * customerId is given. The order's row is locked first, then the line's: every change takes them in
 * that order, so two never wait on each other, and cancels of one order's lines take turns (each
 * must know whether it leaves the last live line).
 */
export async function lockLine(db: Db, purchaseId: string, customerId?: number) {
  let order = db
    .selectFrom('orders')
    .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
    .select('orders.id')
    .where('order_lines.purchase_id', '=', purchaseId);
  if (customerId !== undefined) order = order.where('orders.customer_id', '=', customerId);
  if (!(await order.forUpdate('orders').executeTakeFirst())) return undefined;
  return db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select([
      'order_lines.id',
      'order_lines.purchase_id',
      'order_lines.order_id',
      'order_lines.sku_id',
      'order_lines.quantity',
      'order_lines.unit_price_paise',
      'order_lines.status',
      'order_lines.delivered_at',
      'orders.customer_id',
      'orders.placed_at',
      'orders.payment_id',
      'orders.delivery_charge_paise',
    ])
    .where('order_lines.purchase_id', '=', purchaseId)
    .forUpdate('order_lines')
    .executeTakeFirstOrThrow();
}

/** Sets a line's new status and the fields that go with it (checked against TRANSITIONS by the caller). */
export async function setLineStatus(
  db: Db,
  lineId: number,
  status: LineStatus,
  fields: LineFields = {},
): Promise<void> {
  await db
    .updateTable('order_lines')
    .set({ ...fields, status, updated_at: sql`now()` })
    .where('id', '=', lineId)
    .execute();
}

/** Whether any line of the order but this one is still to be delivered or was delivered. */
export async function otherLiveLines(db: Db, orderId: number, lineId: number): Promise<boolean> {
  const row = await db
    .selectFrom('order_lines')
    .select('id')
    .where('order_id', '=', orderId)
    .where('id', '<>', lineId)
    .where('status', '<>', 'cancelled')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertReturn(db: Db, lineId: number, reason: string, at: Date): Promise<void> {
  await db.insertInto('returns').values({ order_line_id: lineId, reason, requested_at: at }).execute();
}

export async function decideReturn(db: Db, lineId: number, accepted: boolean, at: Date): Promise<void> {
  await db
    .updateTable('returns')
    .set({ accepted, decided_at: at })
    .where('order_line_id', '=', lineId)
    .execute();
}

export async function receiveReturn(db: Db, lineId: number, at: Date): Promise<void> {
  await db.updateTable('returns').set({ received_at: at }).where('order_line_id', '=', lineId).execute();
}

// The back office -------------------------------------------------------------------------------------

function backOfficeLines(db: Db) {
  return db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .innerJoin('customers', 'customers.id', 'orders.customer_id')
    .innerJoin('products', 'products.id', 'order_lines.product_id')
    .leftJoin('returns', 'returns.order_line_id', 'order_lines.id')
    .select([
      'order_lines.id',
      'order_lines.purchase_id',
      'order_lines.order_id',
      'order_lines.size',
      'order_lines.quantity',
      'order_lines.unit_price_paise',
      'order_lines.status',
      'order_lines.tracking_id',
      'order_lines.shipped_at',
      'order_lines.delivered_at',
      'order_lines.cancelled_at',
      'orders.placed_at',
      'orders.address',
      'customers.id as customer_id',
      'customers.fname',
      'customers.lname',
      'customers.phone',
      'products.id as product_id',
      'products.name as product_name',
      'products.prod',
      'returns.reason as return_reason',
      'returns.requested_at as return_requested_at',
      'returns.accepted as return_accepted',
    ]);
}

export type BackOfficeRow = NonNullable<Awaited<ReturnType<typeof backOfficeLine>>>;

export async function backOfficeLine(db: Db, purchaseId: string) {
  return backOfficeLines(db).where('order_lines.purchase_id', '=', purchaseId).executeTakeFirst();
}

/** Newest lines first (ids grow as orders are placed), optionally in one state and after a line. */
export async function backOfficePage(db: Db, query: { status?: LineStatus; before?: string; limit: number }) {
  let lines = backOfficeLines(db).orderBy('order_lines.id', 'desc').limit(query.limit);
  if (query.status) lines = lines.where('order_lines.status', '=', query.status);
  if (query.before) {
    const before = query.before;
    lines = lines.where('order_lines.id', '<', (eb) =>
      eb.selectFrom('order_lines').select('id').where('purchase_id', '=', before),
    );
  }
  return lines.execute();
}

export async function refundsOfLines(db: Db, lineIds: number[]) {
  if (lineIds.length === 0) return [];
  return db
    .selectFrom('refunds')
    .select(['order_line_id', 'amount_paise', 'reason', 'status'])
    .where('order_line_id', 'in', lineIds)
    .orderBy('id')
    .execute();
}
