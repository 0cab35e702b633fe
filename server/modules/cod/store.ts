import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/** Refused deliveries of the shopper: their COD lines the courier brought back (counted once per line). */
export async function refusedDeliveries(db: Db, customerId: number): Promise<number> {
  const row = await db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('orders.customer_id', '=', customerId)
    .where('order_lines.cod_refused_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The shopper's COD orders still open: a line placed (awaiting confirmation or shipping) or shipped. */
export async function openOrders(db: Db, customerId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('orders.customer_id', '=', customerId)
    .where('orders.payment_method', '=', 'cod')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('order_lines')
          .select('order_lines.id')
          .whereRef('order_lines.order_id', '=', 'orders.id')
          .where('order_lines.status', 'in', ['placed', 'shipped']),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The order's confirmation, waiting `seconds` from now by the database's clock; answers its deadline. */
export async function insertConfirmation(
  db: Db,
  confirmation: { orderId: number; codeHash: string; seconds: number },
): Promise<Date> {
  const row = await db
    .insertInto('cod_confirmations')
    .values({
      order_id: confirmation.orderId,
      code_hash: confirmation.codeHash,
      confirm_by: sql<Date>`now() + make_interval(secs => ${confirmation.seconds})`,
    })
    .returning('confirm_by')
    .executeTakeFirstOrThrow();
  return row.confirm_by;
}

/**
 * The shopper's COD order's confirmation, locked, with whether it is still due by the database's clock
 * and whether any line still waits (placed); undefined for an order that is not theirs or not COD.
 */
export async function lockConfirmation(db: Db, orderId: number, customerId: number) {
  return db
    .selectFrom('cod_confirmations')
    .innerJoin('orders', 'orders.id', 'cod_confirmations.order_id')
    .select((eb) => [
      'cod_confirmations.order_id',
      'cod_confirmations.code_hash',
      'cod_confirmations.wrong_tries',
      'cod_confirmations.confirmed_at',
      'cod_confirmations.lapsed_at',
      'orders.amount_paise',
      sql<boolean>`cod_confirmations.confirm_by > now()`.as('in_time'),
      sql<number>`extract(epoch from now() - cod_confirmations.code_sent_at)`.as('sent_seconds_ago'),
      eb
        .exists(
          eb
            .selectFrom('order_lines')
            .select('order_lines.id')
            .whereRef('order_lines.order_id', '=', 'orders.id')
            .where('order_lines.status', '=', 'placed'),
        )
        .as('waiting'),
    ])
    .where('cod_confirmations.order_id', '=', orderId)
    .where('orders.customer_id', '=', customerId)
    .forUpdate('cod_confirmations')
    .executeTakeFirst();
}

export async function setConfirmed(db: Db, orderId: number): Promise<void> {
  await db
    .updateTable('cod_confirmations')
    .set({ confirmed_at: sql`now()` })
    .where('order_id', '=', orderId)
    .execute();
}

export async function countWrongTry(db: Db, orderId: number): Promise<void> {
  await db
    .updateTable('cod_confirmations')
    .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
    .where('order_id', '=', orderId)
    .execute();
}

/** A new code replaces the old one, with its tries afresh; answers how many codes the order has had. */
export async function replaceCode(db: Db, orderId: number, codeHash: string): Promise<void> {
  await db
    .updateTable('cod_confirmations')
    .set({ code_hash: codeHash, code_sent_at: sql`now()`, wrong_tries: 0 })
    .where('order_id', '=', orderId)
    .execute();
}

/**
 * Orders unconfirmed at their deadline that still have a line placed: lapsed ones the sweep has not
 * finished too (an instance stopped between claiming and cancelling), so a restart completes them.
 */
export async function dueLapses(db: Db, limit: number) {
  return db
    .selectFrom('cod_confirmations')
    .select('order_id')
    .where('confirmed_at', 'is', null)
    .where('confirm_by', '<=', sql<Date>`now()`)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('order_lines')
          .select('order_lines.id')
          .whereRef('order_lines.order_id', '=', 'cod_confirmations.order_id')
          .where('order_lines.status', '=', 'placed'),
      ),
    )
    .orderBy('confirm_by')
    .limit(limit)
    .execute();
}

/**
 * Marks the order lapsed, once: answers its attempt (whose coupon use goes back) the first time, and
 * undefined when it was confirmed meanwhile, lapsed already, or another instance holds it now.
 */
export async function claimLapse(db: Db, orderId: number) {
  const row = await db
    .selectFrom('cod_confirmations')
    .innerJoin('orders', 'orders.id', 'cod_confirmations.order_id')
    .select(['orders.payment_order_id', 'cod_confirmations.lapsed_at'])
    .where('cod_confirmations.order_id', '=', orderId)
    .where('cod_confirmations.confirmed_at', 'is', null)
    .where('cod_confirmations.confirm_by', '<=', sql<Date>`now()`)
    .forUpdate('cod_confirmations')
    .skipLocked()
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.lapsed_at === null) {
    await db
      .updateTable('cod_confirmations')
      .set({ lapsed_at: sql`now()` })
      .where('order_id', '=', orderId)
      .execute();
  }
  return { paymentOrderId: row.payment_order_id, first: row.lapsed_at === null };
}

/** The order's lines still placed, which a lapse cancels. */
export async function placedLines(db: Db, orderId: number) {
  return db
    .selectFrom('order_lines')
    .select('purchase_id')
    .where('order_id', '=', orderId)
    .where('status', '=', 'placed')
    .orderBy('id')
    .execute();
}
