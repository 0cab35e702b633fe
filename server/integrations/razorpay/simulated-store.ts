import type { Insertable, Selectable } from 'kysely';
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

export type SimPayment = Pick<Selectable<SimGatewayPaymentsTable>, (typeof PAYMENT_COLUMNS)[number]>;

export async function payment(db: Db, paymentId: string): Promise<SimPayment | undefined> {
  return db
    .selectFrom('sim_gateway_payments')
    .select(PAYMENT_COLUMNS)
    .where('id', '=', paymentId)
    .executeTakeFirst();
}

export async function orderPayments(db: Db, orderId: string): Promise<SimPayment[]> {
  return db
    .selectFrom('sim_gateway_payments')
    .select(PAYMENT_COLUMNS)
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .execute();
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
  refund: { id: string; payment_id: string; amount_paise: number; receipt: string },
): Promise<void> {
  await db.insertInto('sim_gateway_refunds').values(refund).execute();
}

export async function refunds(db: Db, paymentId: string) {
  return db
    .selectFrom('sim_gateway_refunds')
    .select(['id', 'amount_paise as amount', 'receipt'])
    .where('payment_id', '=', paymentId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
