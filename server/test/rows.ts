/** What database tests read back to check: rows as the tables hold them, not as the API shows them. */
import type { Db } from '../db/connect.ts';

export async function stockOf(db: Db, skuId: number | undefined): Promise<number> {
  const row = await db
    .selectFrom('skus')
    .select('stock')
    .where('id', '=', skuId ?? 0)
    .executeTakeFirstOrThrow();
  return row.stock;
}

/** the refunds of one order line */
export function refundsOf(db: Db, purchaseId: string) {
  return db
    .selectFrom('refunds')
    .innerJoin('order_lines', 'order_lines.id', 'refunds.order_line_id')
    .select(['refunds.amount_paise', 'refunds.reason', 'refunds.status'])
    .where('order_lines.purchase_id', '=', purchaseId)
    .execute();
}

/** the messages a shopper was sent, oldest first */
export function messagesTo(db: Db, customerId: number) {
  return db
    .selectFrom('notifications')
    .select(['template', 'text'])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
}

/** the ids of a shopper's checkout attempts (gateway orders) */
export function attemptsOf(db: Db, customerId: number) {
  return db.selectFrom('payment_orders').select('id').where('customer_id', '=', customerId).execute();
}
