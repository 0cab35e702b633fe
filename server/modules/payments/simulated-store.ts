import type { Insertable } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { SimGatewayOrdersTable, SimGatewayPaymentsTable } from '../../db/schema.ts';

export async function insertOrder(
  db: Db,
  order: Omit<Insertable<SimGatewayOrdersTable>, 'notes'> & { notes: Record<string, string> },
): Promise<void> {
  await db
    .insertInto('sim_gateway_orders')
    .values({ ...order, notes: JSON.stringify(order.notes) })
    .execute();
}

export async function lockOrder(db: Db, orderId: string) {
  return db
    .selectFrom('sim_gateway_orders')
    .select(['id', 'amount_paise', 'currency', 'status'])
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
}

export async function setOrderStatus(db: Db, orderId: string, status: 'attempted' | 'paid'): Promise<void> {
  await db.updateTable('sim_gateway_orders').set({ status }).where('id', '=', orderId).execute();
}

export async function insertPayment(db: Db, payment: Insertable<SimGatewayPaymentsTable>): Promise<void> {
  await db.insertInto('sim_gateway_payments').values(payment).execute();
}

const PAYMENT_COLUMNS = ['id', 'order_id', 'amount_paise', 'currency', 'status'] as const;

export async function payment(db: Db, paymentId: string) {
  return db
    .selectFrom('sim_gateway_payments')
    .select(PAYMENT_COLUMNS)
    .where('id', '=', paymentId)
    .executeTakeFirst();
}

export async function lockPayment(db: Db, paymentId: string) {
  return db
    .selectFrom('sim_gateway_payments')
    .select(PAYMENT_COLUMNS)
    .where('id', '=', paymentId)
    .forUpdate()
    .executeTakeFirst();
}

export async function markRefunded(db: Db, paymentId: string): Promise<void> {
  await db
    .updateTable('sim_gateway_payments')
    .set({ status: 'refunded' })
    .where('id', '=', paymentId)
    .execute();
}

export async function refundedPaise(db: Db, paymentId: string): Promise<number> {
  const row = await db
    .selectFrom('sim_gateway_refunds')
    .select((eb) => eb.fn.sum<number | null>('amount_paise').as('paise'))
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
  return Number(row?.paise ?? 0);
}

export async function insertRefund(
  db: Db,
  refund: { id: string; payment_id: string; amount_paise: number },
): Promise<void> {
  await db.insertInto('sim_gateway_refunds').values(refund).execute();
}

export async function refunds(db: Db, paymentId: string): Promise<{ amount: number }[]> {
  return db
    .selectFrom('sim_gateway_refunds')
    .select('amount_paise as amount')
    .where('payment_id', '=', paymentId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
