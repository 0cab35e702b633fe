import { type ExpressionBuilder, sql, type Updateable } from 'kysely';
import type { ReturnReasonCode } from '../../../contract/fit-returns-constants.ts';
import type { LineStatus } from '../../../contract/orders.ts';
import type { Db } from '../../db/connect.ts';
import type { Database, OrderLinesTable } from '../../db/schema.ts';
import { genreReturnable } from '../returns/service.ts';

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

/**
 * The line's refunds that gave money back or are on their way: a failed one gave nothing, and one paid by
 * hand (a COD line's) counts once staff marked it paid.
 */
function givenBack(eb: ExpressionBuilder<Database, 'order_lines'>) {
  return eb
    .selectFrom('refunds')
    .whereRef('refunds.order_line_id', '=', 'order_lines.id')
    .where((r) =>
      r.or([
        r.and([r('refunds.method', '=', 'gateway'), r('refunds.status', '<>', 'failed')]),
        r('refunds.status', '=', 'processed'),
      ]),
    );
}

/** Paise refunded (or on their way) for the line, null for none. */
function refundedPaise(eb: ExpressionBuilder<Database, 'order_lines'>) {
  return givenBack(eb).select((r) => r.fn.sum<number>('refunds.amount_paise').as('paise'));
}

/** When the line's latest refund was issued (one paid by hand: paid), with its credit note; null for none. */
function lastRefundedAt(eb: ExpressionBuilder<Database, 'order_lines'>) {
  return givenBack(eb).select((r) =>
    r.fn
      .max(
        sql<Date>`CASE WHEN refunds.method = 'gateway' THEN refunds.created_at ELSE refunds.processed_at END`,
      )
      .as('at'),
  );
}

const firstPhoto = sql<string>`products.photos[1]`;

/** Lines with their order, product, return, exchange, the line an exchange replaced, and forward parcel. */
function linesWithProgress(db: Db) {
  return db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .innerJoin('products', 'products.id', 'order_lines.product_id')
    .leftJoin('returns', 'returns.order_line_id', 'order_lines.id')
    .leftJoin('exchanges', 'exchanges.order_line_id', 'order_lines.id')
    .leftJoin('order_lines as replaced', 'replaced.id', 'order_lines.exchange_of')
    .leftJoin('shipments as forward', (join) =>
      join.onRef('forward.order_line_id', '=', 'order_lines.id').on('forward.kind', '=', 'forward'),
    )
    .leftJoin('cod_confirmations', 'cod_confirmations.order_id', 'orders.id');
}

/** What a line's `cod` is derived from (cod-state.ts). */
const COD_FACTS = [
  'orders.payment_method',
  'order_lines.cod_collect_paise',
  'cod_confirmations.confirm_by as cod_confirm_by',
  'cod_confirmations.confirmed_at as cod_confirmed_at',
  sql<boolean>`exists (select 1 from cod_remittances where cod_remittances.order_line_id = order_lines.id)`.as(
    'cod_remitted',
  ),
] as const;

/** The shopper's lines with their product, return, own review and refunds: newest order first. */
/** The rules the order kept from when it was placed (terms.ts's OrderRules). */
const ORDER_RULES = [
  'orders.return_window_days',
  'orders.exchange_window_days',
  'orders.free_cancellation_hours',
  'orders.cancellation_charge_percent',
] as const;

export async function customerLines(db: Db, customerId: number, orderId?: number) {
  let query = linesWithProgress(db)
    .leftJoin('reviews', (join) =>
      join
        .onRef('reviews.customer_id', '=', 'orders.customer_id')
        .onRef('reviews.product_id', '=', 'order_lines.product_id'),
    )
    .select((eb) => [
      'order_lines.purchase_id',
      'order_lines.order_id',
      'order_lines.status',
      'replaced.purchase_id as exchange_of',
      'exchanges.size as exchange_size',
      'exchanges.refund_note',
      'products.active',
      'order_lines.tracking_id',
      'forward.awb',
      'forward.courier',
      'order_lines.size',
      'order_lines.quantity',
      'order_lines.unit_price_paise',
      'order_lines.paid_paise',
      'order_lines.coupon_code',
      'order_lines.delivered_at',
      'order_lines.return_window_ended_at',
      'orders.placed_at',
      ...ORDER_RULES,
      'products.id as product_id',
      'products.name',
      'products.prod',
      firstPhoto.as('photo1'),
      eb.fn.coalesce('returns.accepted', 'exchanges.accepted').as('accepted'),
      'reviews.rating',
      'reviews.body as review',
      refundedPaise(eb).as('refunded_paise'),
      lastRefundedAt(eb).as('refunded_at'),
      genreReturnable.as('returnable'),
      ...COD_FACTS,
    ])
    .where('orders.customer_id', '=', customerId);
  if (orderId !== undefined) query = query.where('orders.id', '=', orderId);
  return query
    .orderBy('orders.placed_at', 'desc')
    .orderBy('orders.id', 'desc')
    .orderBy('order_lines.id')
    .execute();
}

/** The shopper's order that the gateway's payment placed, or undefined. */
export function orderOfPayment(db: Db, customerId: number, gatewayPaymentId: string) {
  return db
    .selectFrom('orders')
    .innerJoin('payments', 'payments.id', 'orders.payment_id')
    .select(['orders.id', 'orders.amount_paise', 'orders.address', 'orders.placed_at'])
    .where('orders.customer_id', '=', customerId)
    .where('payments.gateway_payment_id', '=', gatewayPaymentId)
    .executeTakeFirst();
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
      'order_lines.product_id',
      'order_lines.sku_id',
      'order_lines.size',
      'order_lines.quantity',
      'order_lines.unit_old_price_paise',
      'order_lines.sale_id',
      'order_lines.sale_saving_paise',
      'order_lines.exchange_of',
      'order_lines.unit_price_paise',
      'order_lines.paid_paise',
      'order_lines.coupon_code',
      'order_lines.status',
      'order_lines.delivered_at',
      'order_lines.return_window_ended_at',
      'orders.customer_id',
      'orders.placed_at',
      'orders.payment_id',
      'orders.delivery_charge_paise',
      'orders.payment_method',
      'order_lines.cod_collect_paise',
      ...ORDER_RULES,
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

/**
 * A cancelled COD line's share of the order's charges (delivery and COD fee) goes to the order's next
 * line still placed, whose parcel then collects them; answers whether one took them. The caller holds
 * the order's lock (lockLine), so no other line ships or cancels meanwhile.
 */
export async function moveCodCharges(db: Db, orderId: number, fromLineId: number, paise: number) {
  const next = await db
    .selectFrom('order_lines')
    .select('id')
    .where('order_id', '=', orderId)
    .where('id', '<>', fromLineId)
    .where('status', '=', 'placed')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!next) return false;
  await db
    .updateTable('order_lines')
    .set((eb) => ({ cod_collect_paise: eb('cod_collect_paise', '+', paise) }))
    .where('id', '=', next.id)
    .execute();
  return true;
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

/** A return asked for: the spec's free text, or a reason code with the shopper's comment and photo. */
export interface AskedReturn {
  reason: string;
  code: ReturnReasonCode | null;
  comment: string;
  photo: string | null;
}

export async function insertReturn(db: Db, lineId: number, asked: AskedReturn, at: Date): Promise<void> {
  await db
    .insertInto('returns')
    .values({
      order_line_id: lineId,
      reason: asked.reason,
      reason_code: asked.code,
      comment: asked.comment,
      photo: asked.photo,
      requested_at: at,
    })
    .execute();
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
  return linesWithProgress(db)
    .innerJoin('customers', 'customers.id', 'orders.customer_id')
    .leftJoin('shipments as return', (join) =>
      join.onRef('return.order_line_id', '=', 'order_lines.id').on('return.kind', '=', 'return'),
    )
    .select([
      'forward.awb',
      'forward.courier',
      'return.awb as return_awb',
      'return.courier as return_courier',
      'order_lines.booking_refusal',
      'order_lines.id',
      'order_lines.purchase_id',
      'order_lines.order_id',
      'order_lines.size',
      'order_lines.quantity',
      'order_lines.unit_price_paise',
      'order_lines.paid_paise',
      'order_lines.coupon_code',
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
      'exchanges.size as exchange_size',
      'exchanges.reason_code as exchange_reason_code',
      'exchanges.requested_at as exchange_requested_at',
      'exchanges.accepted as exchange_accepted',
      'exchanges.refund_note as exchange_refund_note',
      'replaced.purchase_id as exchange_of',
      'returns.reason_code as return_reason_code',
      'returns.comment as return_comment',
      'returns.photo as return_photo',
      ...COD_FACTS,
    ]);
}

export type BackOfficeRow = NonNullable<Awaited<ReturnType<typeof backOfficeLine>>>;

export async function backOfficeLine(db: Db, purchaseId: string) {
  return backOfficeLines(db).where('order_lines.purchase_id', '=', purchaseId).executeTakeFirst();
}

export interface BackOfficeFilter {
  status?: LineStatus;
  /** orders placed at or after */
  placedFrom?: Date;
  /** orders placed before */
  placedBefore?: Date;
  /** a purchase id, phone digits or part of the customer's name */
  q?: string;
  /** a purchase id: lines after it */
  before?: string;
  limit: number;
}

/** LIKE's own characters taken literally */
const likeText = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A purchase id exactly, the customer's name in part (any case), or digits of their phone. */
function matching(q: string) {
  const digits = q.replace(/[\s+-]/g, '');
  return (eb: ExpressionBuilder<Database, 'order_lines' | 'customers'>) =>
    eb.or([
      eb('order_lines.purchase_id', '=', q),
      eb(sql<string>`customers.fname || ' ' || customers.lname`, 'ilike', `%${likeText(q)}%`),
      // a +91 or 0 before the ten digits is not part of the stored number
      ...(/^\d+$/.test(digits) ? [eb('customers.phone', 'like', `%${digits.slice(-10)}%`)] : []),
    ]);
}

/** Newest lines first (ids grow as orders are placed), filtered, and after a line. */
export async function backOfficePage(db: Db, query: BackOfficeFilter) {
  let lines = backOfficeLines(db).orderBy('order_lines.id', 'desc').limit(query.limit);
  if (query.status) lines = lines.where('order_lines.status', '=', query.status);
  if (query.placedFrom) lines = lines.where('orders.placed_at', '>=', query.placedFrom);
  if (query.placedBefore) lines = lines.where('orders.placed_at', '<', query.placedBefore);
  if (query.q) lines = lines.where(matching(query.q));
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

export async function orderLines(db: Db, orderId: number) {
  return backOfficeLines(db).where('order_lines.order_id', '=', orderId).orderBy('order_lines.id').execute();
}

/** The order with its customer and payment, for its page in the back office. */
export async function backOfficeOrder(db: Db, orderId: number) {
  return (
    db
      .selectFrom('orders')
      .innerJoin('customers', 'customers.id', 'orders.customer_id')
      // a cash on delivery order has no payment
      .leftJoin('payments', 'payments.id', 'orders.payment_id')
      .select([
        'orders.id',
        'orders.placed_at',
        'orders.address',
        'orders.amount_paise',
        'customers.id as customer_id',
        'customers.fname',
        'customers.lname',
        'customers.phone',
        'payments.gateway_payment_id',
      ])
      .where('orders.id', '=', orderId)
      .executeTakeFirst()
  );
}

/**
 * The returns queue: lines whose return or exchange is in one of the states, oldest request first; of one
 * reason when `reason` is given (null: a return with the spec's free text).
 */
export async function returnLines(
  db: Db,
  statuses: readonly LineStatus[],
  limit: number,
  reason?: ReturnReasonCode | null,
) {
  let lines = backOfficeLines(db);
  if (reason === null) {
    lines = lines.where('returns.reason_code', 'is', null).where('returns.requested_at', 'is not', null);
  } else if (reason !== undefined) {
    lines = lines.where((eb) =>
      eb.or([eb('returns.reason_code', '=', reason), eb('exchanges.reason_code', '=', reason)]),
    );
  }
  return (
    lines
      // the shopper's photo of the product, from their review, while it is shown
      .leftJoin('reviews', (join) =>
        join
          .onRef('reviews.customer_id', '=', 'orders.customer_id')
          .onRef('reviews.product_id', '=', 'order_lines.product_id')
          .on('reviews.hidden', '=', false),
      )
      .select('reviews.photo')
      .where('order_lines.status', 'in', statuses)
      .where((eb) =>
        eb.or([eb('returns.requested_at', 'is not', null), eb('exchanges.requested_at', 'is not', null)]),
      )
      .orderBy(sql`coalesce(returns.requested_at, exchanges.requested_at)`)
      .orderBy('order_lines.id')
      .limit(limit)
      .execute()
  );
}

/** The audit log's entries about these subjects, oldest first, with the staff member's name if one acted. */
export async function auditOf(db: Db, subjects: string[]) {
  if (subjects.length === 0) return [];
  return db
    .selectFrom('audit_log')
    .leftJoin('staff', (join) => join.on(sql<boolean>`audit_log.actor = 'staff:' || staff.id`))
    .select([
      'audit_log.actor',
      'audit_log.action',
      'audit_log.subject',
      'audit_log.details',
      'audit_log.created_at',
      'staff.name as staff_name',
    ])
    .where('audit_log.subject', 'in', subjects)
    .orderBy('audit_log.id')
    .execute();
}

/** Orders placed in [from, to) and what was paid for them. */
export async function takings(db: Db, from: Date, to: Date) {
  const row = await db
    .selectFrom('orders')
    .select((eb) => [
      eb.fn.countAll<string>().as('orders'),
      eb.fn.sum<string | null>('amount_paise').as('paise'),
    ])
    .where('placed_at', '>=', from)
    .where('placed_at', '<', to)
    .executeTakeFirstOrThrow();
  return { orders: Number(row.orders), paise: Number(row.paise ?? 0) };
}

export async function linesIn(db: Db, status: LineStatus): Promise<number> {
  const row = await db
    .selectFrom('order_lines')
    .select((eb) => eb.fn.countAll<string>().as('lines'))
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.lines);
}

/**
 * Moves every recorded time of the order that the line belongs to `hours` into the past (development's
 * aging): the order, its lines, their returns, exchanges, refunds and parcels alike, so they keep their
 * order. False for an unknown line.
 */
/** Ends the line's return window at `at`, before its time (the dev route). */
export async function endReturnWindow(db: Db, lineId: number, at: Date): Promise<void> {
  await db.updateTable('order_lines').set({ return_window_ended_at: at }).where('id', '=', lineId).execute();
}

export async function ageOrder(db: Db, purchaseId: string, hours: number): Promise<boolean> {
  const found = await db
    .selectFrom('order_lines')
    .select('order_id')
    .where('purchase_id', '=', purchaseId)
    .executeTakeFirst();
  if (!found) return false;
  const back = (column: string) => sql<Date>`${sql.ref(column)} - make_interval(hours => ${hours}::int)`;
  const lines = db.selectFrom('order_lines').select('id').where('order_id', '=', found.order_id);
  const parcels = db.selectFrom('shipments').select('id').where('order_line_id', 'in', lines);
  await db
    .updateTable('orders')
    .set({ placed_at: back('placed_at') })
    .where('id', '=', found.order_id)
    .execute();
  await db
    .updateTable('order_lines')
    .set({
      shipped_at: back('shipped_at'),
      delivered_at: back('delivered_at'),
      return_window_ended_at: back('return_window_ended_at'),
      cancelled_at: back('cancelled_at'),
      updated_at: back('updated_at'),
    })
    .where('order_id', '=', found.order_id)
    .execute();
  for (const table of ['returns', 'exchanges'] as const) {
    await db
      .updateTable(table)
      .set({
        requested_at: back('requested_at'),
        decided_at: back('decided_at'),
        received_at: back('received_at'),
      })
      .where('order_line_id', 'in', lines)
      .execute();
  }
  await db
    .updateTable('refunds')
    .set({ created_at: back('created_at'), processed_at: back('processed_at') })
    .where('order_line_id', 'in', lines)
    .execute();
  await db
    .updateTable('shipments')
    .set({
      created_at: back('created_at'),
      status_at: back('status_at'),
      heard_at: back('heard_at'),
      pickup_scheduled_at: back('pickup_scheduled_at'),
    })
    .where('order_line_id', 'in', lines)
    .execute();
  await db
    .updateTable('shipment_events')
    .set({ happened_at: back('happened_at'), received_at: back('received_at') })
    .where('shipment_id', 'in', parcels)
    .execute();
  return true;
}
