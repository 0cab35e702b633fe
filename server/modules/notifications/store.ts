import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { MessageKind } from '../../platform/sms/templates.ts';

export interface NewMessage {
  idempotencyKey: string;
  customerId: number;
  template: MessageKind;
  variables: Record<string, string>;
  text: string;
  /** sent only to shoppers who kept the non-essential messages on */
  optional: boolean;
}

/**
 * Writes the message to the shopper's phone in the caller's transaction; nothing when the event already
 * has its message (same key) or the message is optional and the shopper turned such messages off.
 */
export async function insert(db: Db, message: NewMessage): Promise<void> {
  await db
    .insertInto('notifications')
    .columns(['idempotency_key', 'customer_id', 'phone', 'template', 'variables', 'text'])
    .expression((eb) =>
      eb
        .selectFrom('customers')
        .select([
          eb.val(message.idempotencyKey).as('idempotency_key'),
          'customers.id',
          'customers.phone',
          eb.val(message.template).as('template'),
          eb.val(JSON.stringify(message.variables)).as('variables'),
          eb.val(message.text).as('text'),
        ])
        .where('customers.id', '=', message.customerId)
        .$if(message.optional, (query) => query.where('customers.sms_updates', '=', true)),
    )
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
}

/**
 * Takes up to `limit` messages due by `now` for sending (rows another worker holds are skipped) and
 * moves each one's next try to `leaseUntil`: a worker that dies mid-send leaves it for another then.
 */
export async function claimDue(db: Db, now: Date, leaseUntil: Date, limit: number) {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('notifications')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length === 0) return [];
    return trx
      .updateTable('notifications')
      .set({ next_attempt_at: leaseUntil, attempts: sql`attempts + 1` })
      .where(
        'id',
        'in',
        due.map((row) => row.id),
      )
      .returning(['id', 'idempotency_key', 'phone', 'template', 'variables', 'text', 'attempts'])
      .execute();
  });
}

export type ClaimedMessage = Awaited<ReturnType<typeof claimDue>>[number];

export async function markSent(db: Db, id: number, at: Date): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ status: 'sent', sent_at: at, last_error: null })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

export async function retryAt(db: Db, id: number, at: Date, error: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ next_attempt_at: at, last_error: error.slice(0, 500) })
    .where('id', '=', id)
    .execute();
}

/** Every message sent to the phone, oldest first. */
export async function sentTo(db: Db, phone: string) {
  return db
    .selectFrom('notifications')
    .select(['template', 'text', 'sent_at'])
    .where('phone', '=', phone)
    .where('status', '=', 'sent')
    .orderBy('sent_at')
    .orderBy('id')
    .execute();
}

/**
 * Whom a processed refund goes to, how much, and the purchase ids it is for (the line's, or the order's).
 * A COD line's refund has no payment: its line's order says whose it is.
 */
export async function refundNotice(db: Db, refundId: number) {
  return db
    .selectFrom('refunds')
    .leftJoin('payments', 'payments.id', 'refunds.payment_id')
    .leftJoin('payment_orders', 'payment_orders.id', 'payments.payment_order_id')
    .leftJoin('order_lines', 'order_lines.id', 'refunds.order_line_id')
    .leftJoin('orders as line_order', 'line_order.id', 'order_lines.order_id')
    .select((eb) => [
      eb.fn.coalesce('line_order.customer_id', 'payment_orders.customer_id').as('customer_id'),
      'refunds.amount_paise',
      'payments.gateway_payment_id',
      'order_lines.purchase_id',
      eb
        .selectFrom('order_lines as line')
        .innerJoin('orders', 'orders.id', 'line.order_id')
        .select(sql<string>`string_agg(line.purchase_id, ', ' ORDER BY line.id)`.as('ids'))
        .whereRef('orders.payment_id', '=', 'refunds.payment_id')
        .as('order_purchase_ids'),
    ])
    .where('refunds.id', '=', refundId)
    .executeTakeFirst();
}
