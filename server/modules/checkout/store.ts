import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { type PricedLine, UNPAID } from '../../db/schema.ts';
import type { GatewayPayment } from '../payments/gateway.ts';

export interface NewPaymentOrder {
  customerId: number;
  gateway: string;
  receipt: string;
  amountPaise: number;
  deliveryChargePaise: number;
  lines: PricedLine[];
  address: Record<string, string>;
  /** the coupon its lines' paidPaise took off, if any */
  coupon?: { id: number; code: string; savingPaise: number };
  /** a cash-on-delivery attempt: its own id (`cod_…`), placed at once with no gateway behind it */
  cod?: { gatewayOrderId: string };
}

/** The attempt (Inventory holds its units); the gateway's order id is filled in once the gateway answers. */
export async function insertPaymentOrder(db: Db, order: NewPaymentOrder): Promise<number> {
  const row = await db
    .insertInto('payment_orders')
    .values({
      customer_id: order.customerId,
      gateway: order.gateway,
      // unique placeholder until the gateway names the order
      gateway_order_id: order.cod?.gatewayOrderId ?? `pending_${order.receipt}`,
      ...(order.cod && { status: 'placed' as const }),
      receipt: order.receipt,
      amount_paise: order.amountPaise,
      delivery_charge_paise: order.deliveryChargePaise,
      lines: JSON.stringify(order.lines),
      address: JSON.stringify(order.address),
      coupon_id: order.coupon?.id ?? null,
      coupon_code: order.coupon?.code ?? null,
      coupon_paise: order.coupon?.savingPaise ?? 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setGatewayOrderId(db: Db, paymentOrderId: number, gatewayOrderId: string) {
  await db
    .updateTable('payment_orders')
    .set({ gateway_order_id: gatewayOrderId, updated_at: sql`now()` })
    .where('id', '=', paymentOrderId)
    .execute();
}

/** An unpaid attempt whose holds went back is failed. */
export async function markFailed(db: Db, paymentOrderId: number): Promise<void> {
  await db
    .updateTable('payment_orders')
    .set({ status: 'failed', updated_at: sql`now()` })
    .where('id', '=', paymentOrderId)
    .where('status', '=', 'created')
    .execute();
}

/** The shopper's own attempt by the gateway's order id; never another shopper's. */
export async function ownPaymentOrder(db: Db, customerId: number, gatewayOrderId: string) {
  return db
    .selectFrom('payment_orders')
    .select(['id', 'gateway_order_id', 'amount_paise', 'currency', 'status'])
    .where('gateway_order_id', '=', gatewayOrderId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

/**
 * Records a payment the gateway confirmed paid in full, once (the gateway's payment id is unique), and
 * marks the attempt paid, in one statement: a crash between the two would leave a captured payment that
 * neither placement nor the reconciler looks at. An attempt whose holds were released or expired is
 * still paid: placing it refunds what can no longer be filled.
 */
export async function recordPayment(db: Db, paymentOrderId: number, payment: GatewayPayment): Promise<void> {
  await db
    .with('paid', (qb) =>
      qb
        .updateTable('payment_orders')
        .set({ status: 'paid', updated_at: sql`now()` })
        .where('id', '=', paymentOrderId)
        .where('status', 'in', UNPAID)
        .returning('id'),
    )
    .insertInto('payments')
    .values({
      payment_order_id: paymentOrderId,
      gateway_payment_id: payment.id,
      amount_paise: payment.amount,
      currency: payment.currency,
      status: payment.status === 'captured' ? 'captured' : 'authorized',
      captured_at: payment.status === 'captured' ? sql<Date>`now()` : null,
    })
    .onConflict((oc) => oc.column('gateway_payment_id').doNothing())
    .execute();
}
