import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { type OrdersTable, type PricedLine, UNPAID } from '../../db/schema.ts';
import { couponOf, paidOf, saleSavingOf } from './paid.ts';

/** Our record of a payment (by our id or the gateway's), with the attempt it paid and whose it is. */
export async function payment(db: Db, by: { id: number } | { gatewayId: string }) {
  const query = db
    .selectFrom('payments')
    .innerJoin('payment_orders', 'payment_orders.id', 'payments.payment_order_id')
    .select([
      'payments.id',
      'payments.payment_order_id as paymentOrderId',
      'payments.amount_paise as amountPaise',
      'payment_orders.customer_id as customerId',
    ]);
  return 'id' in by
    ? query.where('payments.id', '=', by.id).executeTakeFirst()
    : query.where('payments.gateway_payment_id', '=', by.gatewayId).executeTakeFirst();
}

/** The attempt a gateway order belongs to, whoever's it is (the webhook and reconciler know no shopper). */
export async function paymentOrderByGatewayId(db: Db, gatewayOrderId: string) {
  return db
    .selectFrom('payment_orders')
    .select(['id', 'customer_id', 'amount_paise', 'currency'])
    .where('gateway_order_id', '=', gatewayOrderId)
    .executeTakeFirst();
}

/** Locks the attempt for placing: whoever places it second sees it placed. */
export async function lockPaymentOrder(db: Db, paymentOrderId: number) {
  return db
    .selectFrom('payment_orders')
    .select([
      'id',
      'status',
      'amount_paise',
      'delivery_charge_paise',
      'lines',
      'address',
      'coupon_id',
      'coupon_paise',
      'coupon_code',
    ])
    .where('id', '=', paymentOrderId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** Whether this payment already has its order or its refund: what an earlier placement decided. */
export async function outcomeOf(db: Db, paymentId: number) {
  const order = await db
    .selectFrom('orders')
    .select('id')
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
  const refund = await db
    .selectFrom('refunds')
    .select('reason')
    .where('payment_id', '=', paymentId)
    .where('reason', 'in', ['stock_unavailable', 'unplaced_payment', 'coupon_used_up'])
    .executeTakeFirst();
  return { placed: order !== undefined, refunded: refund !== undefined, refundReason: refund?.reason };
}

export interface NewOrder {
  customerId: number;
  /** null for cash on delivery, which is paid at the door */
  paymentId: number | null;
  paymentOrderId: number;
  deliveryChargePaise: number;
  address: Record<string, string>;
  placedBy: 'browser' | 'webhook' | 'reconciler';
  /** the attempt's coupon, null without one */
  couponCode: string | null;
  /** the shop's rules in force now, which the order keeps */
  rules: Required<
    Pick<
      Insertable<OrdersTable>,
      | 'return_window_days'
      | 'exchange_window_days'
      | 'free_cancellation_hours'
      | 'cancellation_charge_percent'
    >
  >;
  lines: (PricedLine & { purchaseId: string })[];
  /** cash on delivery: the fee, inside the amount, which the first line's parcel collects with delivery */
  cod?: { feePaise: number };
}

/**
 * The order and its lines as paid: the amount is what its lines were paid after the coupon, and delivery
 * (and a COD order's fee). A COD line's parcel collects its paid share; the first also the delivery
 * charge and the fee (decision 069).
 */
export async function insertOrder(db: Db, order: NewOrder): Promise<number> {
  const sum = (paise: (l: PricedLine) => number) => order.lines.reduce((t, l) => t + paise(l), 0);
  const itemsOld = sum((l) => l.unitOldPricePaise * l.quantity);
  const items = sum((l) => l.unitPricePaise * l.quantity);
  const paid = sum(paidOf);
  const codFeePaise = order.cod?.feePaise ?? 0;
  const row = await db
    .insertInto('orders')
    .values({
      customer_id: order.customerId,
      payment_id: order.paymentId,
      payment_order_id: order.paymentOrderId,
      items_old_total_paise: itemsOld,
      discount_paise: itemsOld - items,
      coupon_paise: items - paid,
      delivery_charge_paise: order.deliveryChargePaise,
      amount_paise: paid + order.deliveryChargePaise + codFeePaise,
      ...(order.cod && { payment_method: 'cod' as const, cod_fee_paise: codFeePaise }),
      address: JSON.stringify(order.address),
      placed_by: order.placedBy,
      ...order.rules,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_lines')
    .values(
      order.lines.map((l, i) => ({
        purchase_id: l.purchaseId,
        order_id: row.id,
        product_id: l.productId,
        sku_id: l.skuId,
        size: l.size,
        quantity: l.quantity,
        unit_price_paise: l.unitPricePaise,
        unit_old_price_paise: l.unitOldPricePaise,
        paid_paise: paidOf(l),
        coupon_code: couponOf(l, order.couponCode),
        sale_id: l.saleId ?? null,
        sale_saving_paise: saleSavingOf(l),
        cod_collect_paise: order.cod
          ? paidOf(l) + (i === 0 ? order.deliveryChargePaise + codFeePaise : 0)
          : null,
      })),
    )
    .execute();
  await keepCommissions(db, row.id);
  return row.id;
}

/** Each line keeps its seller's commission as it is now: a later change affects only later lines. */
async function keepCommissions(db: Db, orderId: number): Promise<void> {
  await sql`
    UPDATE order_lines SET commission_bp = sellers.commission_bp
    FROM products, sellers
    WHERE order_lines.order_id = ${orderId}
      AND products.id = order_lines.product_id
      AND sellers.id = products.seller_id`.execute(db);
}

export async function setPaymentOrderStatus(
  db: Db,
  paymentOrderId: number,
  status: 'placed' | 'refunded',
): Promise<void> {
  await db
    .updateTable('payment_orders')
    .set({ status, updated_at: sql`now()` })
    .where('id', '=', paymentOrderId)
    .execute();
}

/**
 * Attempts paid for but not placed, for at least `seconds` (the browser and the webhook both missed).
 * An unpaid-looking attempt with a recorded payment is one too: versions before recordPayment became one
 * statement could be stopped between recording the payment and marking the attempt paid.
 */
export async function paidUnplaced(db: Db, seconds: number) {
  return db
    .selectFrom('payments')
    .innerJoin('payment_orders', 'payment_orders.id', 'payments.payment_order_id')
    .select('payments.gateway_payment_id')
    .where('payment_orders.status', 'in', ['paid', ...UNPAID])
    .where('payment_orders.updated_at', '<', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .orderBy('payments.id')
    .limit(100)
    .execute();
}

/**
 * Gateway orders of the last day that we never heard were paid, older than `seconds`: the reconciler
 * asks the gateway about each. An attempt is asked again only after a quarter of its age has passed
 * since it was last asked (or changed), so an abandoned checkout costs a few dozen questions in its day,
 * not one every period.
 */
export async function unheardOrders(db: Db, seconds: number) {
  return db
    .selectFrom('payment_orders')
    .select(['id', 'gateway_order_id'])
    .where('status', 'in', UNPAID)
    .where('gateway_order_id', 'not like', 'pending\\_%')
    .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .where('created_at', '>', sql<Date>`now() - interval '1 day'`)
    .where(
      'updated_at',
      '<',
      sql<Date>`now() - greatest(make_interval(secs => ${seconds}), (now() - payment_orders.created_at) / 4)`,
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('payments')
            .select('payments.id')
            .whereRef('payments.payment_order_id', '=', 'payment_orders.id'),
        ),
      ),
    )
    .orderBy('id')
    .limit(100)
    .execute();
}

/** The reconciler asked the gateway about the attempt just now. */
export async function markAsked(db: Db, paymentOrderId: number): Promise<void> {
  await db
    .updateTable('payment_orders')
    .set({ updated_at: sql`now()` })
    .where('id', '=', paymentOrderId)
    .execute();
}

/** Unpaid attempts whose holds have all lapsed are expired: the record shows why no order came. */
export async function expireLapsed(db: Db): Promise<void> {
  await db
    .updateTable('payment_orders')
    .set({ status: 'expired', updated_at: sql`now()` })
    .where('status', '=', 'created')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('stock_holds')
            .select('stock_holds.id')
            .whereRef('stock_holds.payment_order_id', '=', 'payment_orders.id')
            .where('stock_holds.released_at', 'is', null)
            .where('stock_holds.expires_at', '>', sql<Date>`now()`),
        ),
      ),
    )
    .execute();
}
