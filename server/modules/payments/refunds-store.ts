import { sql } from 'kysely';
import type { RefundStatus } from '../../../contract/admin.ts';
import type { Db } from '../../db/connect.ts';
import type { RefundDestination, RefundMethod, RefundsTable } from '../../db/schema.ts';

export type RefundReason = RefundsTable['reason'];

export interface OwedRefund {
  /** our payments.id; null for a COD line, whose refund is paid by hand (to `destination` when given) */
  paymentId: number | null;
  destination?: RefundDestination | null;
  orderLineId?: number;
  amountPaise: number;
  reason: RefundReason;
}

/**
 * A refund with a destination is paid there by hand (a COD line's return); one with no payment and no
 * destination by hand too, once staff ask where (a COD line's exchange, decision 069); any other goes
 * through the gateway.
 */
function methodOf(refund: OwedRefund): RefundMethod {
  if (refund.destination) return 'upiId' in refund.destination ? 'upi' : 'bank';
  return refund.paymentId === null ? 'manual' : 'gateway';
}

export async function insertOwed(db: Db, refund: OwedRefund): Promise<number> {
  const row = await db
    .insertInto('refunds')
    .values({
      payment_id: refund.paymentId,
      order_line_id: refund.orderLineId ?? null,
      amount_paise: refund.amountPaise,
      reason: refund.reason,
      method: methodOf(refund),
      destination: refund.destination ? JSON.stringify(refund.destination) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** How long a claim keeps others off a refund: longer than any gateway call may take. */
const CLAIM_SECONDS = 120;

/**
 * Takes a pending refund for sending, unless another process is sending it now; answers what to send.
 * A claim left by a crashed process goes stale and is taken over.
 */
export async function claim(db: Db, refundId: number) {
  return (
    db
      .updateTable('refunds')
      .set({ claimed_at: sql`now()` })
      .from('payments')
      .whereRef('payments.id', '=', 'refunds.payment_id')
      .where('refunds.id', '=', refundId)
      .where('refunds.status', '=', 'pending')
      // a refund paid by hand never goes to the gateway
      .where('refunds.method', '=', 'gateway')
      .where((eb) =>
        eb.or([
          eb('refunds.claimed_at', 'is', null),
          eb('refunds.claimed_at', '<', sql<Date>`now() - make_interval(secs => ${CLAIM_SECONDS})`),
        ]),
      )
      .returning(['refunds.id', 'refunds.amount_paise', 'payments.gateway_payment_id'])
      .executeTakeFirst()
  );
}

export async function markProcessed(db: Db, refundId: number, gatewayRefundId: string): Promise<void> {
  await db
    .updateTable('refunds')
    .set({
      status: 'processed',
      gateway_refund_id: gatewayRefundId,
      processed_at: sql`now()`,
      claimed_at: null,
      last_error: null,
    })
    .where('id', '=', refundId)
    .execute();
}

/** The gateway failed: the refund stays owed, for the reconciler to send again. */
export async function release(db: Db, refundId: number, error: string): Promise<void> {
  await db
    .updateTable('refunds')
    .set({ claimed_at: null, last_error: error.slice(0, 500) })
    .where('id', '=', refundId)
    .execute();
}

/** The gateway's refunds still owed, oldest first; those paid by hand wait for staff instead. */
export async function pendingIds(db: Db, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('refunds')
    .select('id')
    .where('status', '=', 'pending')
    .where('method', '=', 'gateway')
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** The gateway refused the refund: it stays failed, with the refusal, until someone retries it. */
export async function markFailed(db: Db, refundId: number, error: string): Promise<void> {
  await db
    .updateTable('refunds')
    .set({ status: 'failed', claimed_at: null, last_error: error.slice(0, 500) })
    .where('id', '=', refundId)
    .execute();
}

/**
 * A refund paid by hand marked processed with staff's reference; answers it, or undefined when it was not
 * a pending refund paid by hand (the caller read it locked, so this says nothing new).
 */
export async function markPaidByHand(db: Db, refundId: number, reference: string) {
  return db
    .updateTable('refunds')
    .set({ status: 'processed', reference, processed_at: sql`now()`, last_error: null })
    .where('id', '=', refundId)
    .where('status', '=', 'pending')
    .where('method', '<>', 'gateway')
    .returning('id')
    .executeTakeFirst();
}

/** The refund's row locked for a decision about it (marking it paid). */
export async function lockRefund(db: Db, refundId: number) {
  return db
    .selectFrom('refunds')
    .select(['id', 'status', 'method', 'amount_paise', 'reference'])
    .where('id', '=', refundId)
    .forUpdate()
    .executeTakeFirst();
}

/** A failed refund owed again, to be sent once more; false unless it was failed. */
export async function reopenFailed(db: Db, refundId: number): Promise<boolean> {
  const row = await db
    .updateTable('refunds')
    .set({ status: 'pending', claimed_at: null })
    .where('id', '=', refundId)
    .where('status', '=', 'failed')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

// The back office's view: each refund with the line and order it belongs to ------------------------------

/**
 * A refund's order: its line's, or (a refund of no line: an unfilled line, an unplaced payment) the one
 * its payment made; a COD order has no payment, but its refunds always have a line.
 */
const orderIdOf = sql<number | null>`coalesce(order_lines.order_id, paid.id)`;

function listed(db: Db) {
  return db
    .selectFrom('refunds')
    .leftJoin('order_lines', 'order_lines.id', 'refunds.order_line_id')
    .leftJoin('orders as paid', 'paid.payment_id', 'refunds.payment_id')
    .select([
      'refunds.id',
      'order_lines.purchase_id',
      orderIdOf.as('order_id'),
      'refunds.amount_paise',
      'refunds.status',
      'refunds.reason',
      'refunds.created_at',
      'refunds.processed_at',
      'refunds.last_error',
      'refunds.method',
      'refunds.destination',
      'refunds.reference',
    ]);
}

export type ListedRefund = NonNullable<Awaited<ReturnType<typeof listedRefund>>>;

export async function listedRefund(db: Db, refundId: number) {
  return listed(db).where('refunds.id', '=', refundId).executeTakeFirst();
}

/** Newest first, optionally in one state and after a refund. */
export async function refundPage(db: Db, query: { status?: RefundStatus; before?: number; limit: number }) {
  let page = listed(db).orderBy('refunds.id', 'desc').limit(query.limit);
  if (query.status) page = page.where('refunds.status', '=', query.status);
  if (query.before !== undefined) page = page.where('refunds.id', '<', query.before);
  return page.execute();
}

/** Every refund of the order, oldest first. */
export async function refundsOfOrder(db: Db, orderId: number) {
  return listed(db).where(orderIdOf, '=', orderId).orderBy('refunds.id').execute();
}
