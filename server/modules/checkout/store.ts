import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { PricedLine } from '../../db/schema.ts';
import { AVAILABLE_UNITS } from '../../db/stock.ts';
import type { GatewayPayment } from '../payments/gateway.ts';

const HOLD_MINUTES = 15;
/** how long an unpaid attempt on a size keeps counting against the shopper's next holds (decision 010) */
const UNPAID_WINDOW_MINUTES = 60;

/**
 * Locks the SKUs in id order (so two shoppers' checkouts never deadlock) and answers each one's units
 * free to sell: stock less the live holds.
 */
export async function lockAvailable(db: Db, skuIds: number[]): Promise<Map<number, number>> {
  await db.selectFrom('skus').select('id').where('id', 'in', skuIds).orderBy('id').forUpdate().execute();
  // counted in a statement of its own, after the locks: its snapshot sees the holds committed by
  // whoever held the lock before us (one statement would keep its older snapshot for stock_holds)
  const rows = await db
    .selectFrom('skus')
    .select(['id', AVAILABLE_UNITS.as('available')])
    .where('id', 'in', skuIds)
    .execute();
  return new Map(rows.map((s) => [s.id, s.available]));
}

/** A new attempt supersedes the shopper's earlier unpaid ones: their units go back first. */
export async function releaseUnpaidHolds(db: Db, customerId: number): Promise<void> {
  await db
    .updateTable('stock_holds')
    .set({ released_at: sql`now()` })
    .where('released_at', 'is', null)
    .where('payment_order_id', 'in', (eb) =>
      eb
        .selectFrom('payment_orders')
        .select('id')
        .where('customer_id', '=', customerId)
        .where('status', '=', 'created'),
    )
    .execute();
}

export interface NewPaymentOrder {
  customerId: number;
  gateway: string;
  receipt: string;
  amountPaise: number;
  deliveryChargePaise: number;
  lines: PricedLine[];
  address: Record<string, string>;
}

/** The attempt and its holds; the gateway's order id is filled in once the gateway has answered. */
export async function insertPaymentOrder(db: Db, order: NewPaymentOrder): Promise<number> {
  const row = await db
    .insertInto('payment_orders')
    .values({
      customer_id: order.customerId,
      gateway: order.gateway,
      // unique placeholder until the gateway names the order
      gateway_order_id: `pending_${order.receipt}`,
      receipt: order.receipt,
      amount_paise: order.amountPaise,
      delivery_charge_paise: order.deliveryChargePaise,
      lines: JSON.stringify(order.lines),
      address: JSON.stringify(order.address),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('stock_holds')
    .values(
      order.lines.map((line) => ({
        payment_order_id: row.id,
        sku_id: line.skuId,
        quantity: line.quantity,
        expires_at: holdEnd(order.customerId, line.skuId),
      })),
    )
    .execute();
  return row.id;
}

/**
 * 15 minutes from the shopper's first unpaid attempt on this size in the last hour (now, when there is
 * none): trying again, or releasing and trying again, never holds the units longer (decision 010).
 */
const holdEnd = (customerId: number, skuId: number) => sql<Date>`coalesce((
    SELECT min(p.created_at) FROM payment_orders p JOIN stock_holds h ON h.payment_order_id = p.id
    WHERE p.customer_id = ${customerId} AND h.sku_id = ${skuId}
      AND p.status IN ('created', 'failed', 'expired')
      AND p.created_at > now() - make_interval(mins => ${UNPAID_WINDOW_MINUTES})
  ), now()) + make_interval(mins => ${HOLD_MINUTES})`;

export async function setGatewayOrderId(db: Db, paymentOrderId: number, gatewayOrderId: string) {
  await db
    .updateTable('payment_orders')
    .set({ gateway_order_id: gatewayOrderId, updated_at: sql`now()` })
    .where('id', '=', paymentOrderId)
    .execute();
}

/** Frees the order's live holds and marks an unpaid order failed; answers whether units were freed. */
export async function releaseHolds(db: Db, paymentOrderId: number): Promise<boolean> {
  const released = await db
    .updateTable('stock_holds')
    .set({ released_at: sql`now()` })
    .where('payment_order_id', '=', paymentOrderId)
    .where('released_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  await db
    .updateTable('payment_orders')
    .set({ status: 'failed', updated_at: sql`now()` })
    .where('id', '=', paymentOrderId)
    .where('status', '=', 'created')
    .execute();
  return Number(released.numUpdatedRows) > 0;
}

/** The shopper's own attempt by the gateway's order id; never another shopper's. */
export async function ownPaymentOrder(db: Db, customerId: number, gatewayOrderId: string) {
  return db
    .selectFrom('payment_orders')
    .select(['id', 'gateway_order_id', 'amount_paise', 'currency', 'status', 'lines'])
    .where('gateway_order_id', '=', gatewayOrderId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

/**
 * Records a payment the gateway confirmed paid in full, once (the gateway's payment id is unique), and
 * marks the attempt paid. An attempt whose holds were released or expired is still paid: placing it
 * refunds what can no longer be filled.
 */
export async function recordPayment(db: Db, paymentOrderId: number, payment: GatewayPayment): Promise<void> {
  await db
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
  await db
    .updateTable('payment_orders')
    .set({ status: 'paid', updated_at: sql`now()` })
    .where('id', '=', paymentOrderId)
    .where('status', 'in', ['created', 'failed', 'expired'])
    .execute();
}
