import { sql } from 'kysely';
import type { RefundStatus } from '../../../contract/admin.ts';
import type { Db } from '../../db/connect.ts';
import type { RefundDestination, RefundMethod, RefundsTable } from '../../db/schema.ts';

export type RefundReason = RefundsTable['reason'];

export interface OwedRefund {
  /** our payments.id; null for a COD line, whose refund is paid by hand to `destination` */
  paymentId: number | null;
  destination?: RefundDestination | null;
  orderLineId?: number;
  amountPaise: number;
  reason: RefundReason;
}

/** A refund with a destination is paid there by hand (a COD line's); any other goes through the gateway. */
const methodOf = (destination: RefundDestination | null | undefined): RefundMethod =>
  !destination ? 'gateway' : 'upiId' in destination ? 'upi' : 'bank';

export async function insertOwed(db: Db, refund: OwedRefund): Promise<number> {
  const row = await db
    .insertInto('refunds')
    .values({
      payment_id: refund.paymentId,
      order_line_id: refund.orderLineId ?? null,
      amount_paise: refund.amountPaise,
      reason: refund.reason,
      method: methodOf(refund.destination),
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
  return db
    .updateTable('refunds')
    .set({ claimed_at: sql`now()` })
    .from('payments')
    .whereRef('payments.id', '=', 'refunds.payment_id')
    .where('refunds.id', '=', refundId)
    .where('refunds.status', '=', 'pending')
    .where((eb) =>
      eb.or([
        eb('refunds.claimed_at', 'is', null),
        eb('refunds.claimed_at', '<', sql<Date>`now() - make_interval(secs => ${CLAIM_SECONDS})`),
      ]),
    )
    .returning(['refunds.id', 'refunds.amount_paise', 'payments.gateway_payment_id'])
    .executeTakeFirst();
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

export async function pendingIds(db: Db, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('refunds')
    .select('id')
    .where('status', '=', 'pending')
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

function listed(db: Db) {
  return db
    .selectFrom('refunds')
    .leftJoin('order_lines', 'order_lines.id', 'refunds.order_line_id')
    .leftJoin('orders', 'orders.payment_id', 'refunds.payment_id')
    .select([
      'refunds.id',
      'order_lines.purchase_id',
      'orders.id as order_id',
      'refunds.amount_paise',
      'refunds.status',
      'refunds.reason',
      'refunds.created_at',
      'refunds.processed_at',
      'refunds.last_error',
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

/** Every refund of the order's payment, oldest first. */
export async function refundsOfOrder(db: Db, orderId: number) {
  return listed(db).where('orders.id', '=', orderId).orderBy('refunds.id').execute();
}
