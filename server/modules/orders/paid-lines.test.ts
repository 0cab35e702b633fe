import { beforeAll, expect, it } from 'vitest';
import type { AdminOrderLine, AdminOrdersResponse } from '../../../contract/admin.ts';
import type { CancelResponse, OrderLine, OrdersResponse } from '../../../contract/orders.ts';
import type { DevPaymentResponse } from '../../../contract/payments.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from '../../test/app.ts';
import { CheckoutDriver, type CouponShare } from '../../test/checkout.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import { TestClient } from '../../test/http.ts';
import { refundsOf } from '../../test/rows.ts';

type Answer<T> = T & { error?: string };

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const HOUR = 3_600_000;

/**
 * Issue 28, "money is exact": an order of three lines paid with a coupon (₹100 off a ₹456 bag, which
 * pays the ₹50 delivery charge). The saving is shared over the lines in proportion to their prices
 * (apportion): 2 tees at ₹149 (₹298) take ₹65.35, socks at ₹99 take ₹21.71, a hanky at ₹59 takes ₹12.94
 * (the paisa left over goes to the largest remainder).
 */
const SAVE100: CouponShare = { code: 'SAVE100', savingPaise: 10_000 };
const PAID = { tees: 23_265, socks: 7_729, hanky: 4_606 };
const DELIVERY = 5_000;

describeEachDatabase('money is exact per order line after a coupon', (t) => {
  const driver = new CheckoutDriver(t);
  let fixtures: Fixtures;
  let tee: FixtureProduct;
  let socks: FixtureProduct;
  let hanky: FixtureProduct;
  // the back office's tools call with the token alone
  let staff: TestClient;

  beforeAll(async () => {
    fixtures = new Fixtures(t().db);
    tee = await fixtures.product({ name: 'Coupon tee', pricePaise: 14_900, sizes: [['M', 40]] });
    socks = await fixtures.product({ name: 'Coupon socks', pricePaise: 9_900, sizes: [['M', 40]] });
    hanky = await fixtures.product({ name: 'Coupon hanky', pricePaise: 5_900, sizes: [['M', 40]] });
    staff = new TestClient(t().baseUrl);
  });

  /** a shopper who paid for 2 tees, socks and a hanky with the coupon; their lines, in that order */
  async function paidWithCoupon(coupon: CouponShare = SAVE100) {
    const { client, customerId } = await driver.shopper(2, tee);
    await fixtures.bagLine(customerId, socks.skus.M ?? 0, 1);
    await fixtures.bagLine(customerId, hanky.skus.M ?? 0, 1);
    const paid = await driver.paid(client, false, coupon);
    expect((await driver.checkOut(client, paid)).body).toEqual({});
    const lines = (await client.get<OrdersResponse>('/api/orders')).body;
    const named = (name: string) => lines.find((l) => l.name === name) as OrderLine;
    return {
      client,
      gatewayPaymentId: paid.razorpay_payment_id,
      lines: { tees: named('Coupon tee'), socks: named('Coupon socks'), hanky: named('Coupon hanky') },
    };
  }

  const captured = async (gatewayPaymentId: string) =>
    (await staff.get<DevPaymentResponse>(`/api/dev/payments/${gatewayPaymentId}`)).body;
  const post = (path: string, body?: unknown) => staff.post<Answer<AdminOrderLine>>(path, body, BEARER);

  it('gives each line what was paid for it and its coupon; with delivery they add up to the amount captured', async () => {
    const { gatewayPaymentId, lines } = await paidWithCoupon();
    expect(lines.tees).toMatchObject({
      quantity: 2,
      currentPrice: 149,
      paidPaise: PAID.tees,
      couponCode: 'SAVE100',
    });
    expect(lines.socks).toMatchObject({
      quantity: 1,
      currentPrice: 99,
      paidPaise: PAID.socks,
      couponCode: 'SAVE100',
    });
    expect(lines.hanky).toMatchObject({
      quantity: 1,
      currentPrice: 59,
      paidPaise: PAID.hanky,
      couponCode: 'SAVE100',
    });

    const payment = await captured(gatewayPaymentId);
    expect(payment.amount).toBe(45_600 - 10_000 + DELIVERY);
    const paid = Object.values(lines).reduce((sum, line) => sum + line.paidPaise, 0);
    expect(paid + DELIVERY).toBe(payment.amount);
    const order = await t()
      .db.selectFrom('orders')
      .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
      .select(['orders.amount_paise', 'orders.coupon_paise', 'orders.delivery_charge_paise'])
      .where('order_lines.purchase_id', '=', lines.tees.purchase_id)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({
      amount_paise: payment.amount,
      coupon_paise: 10_000,
      delivery_charge_paise: DELIVERY,
    });
    // the back office sees the same
    const office = await staff.get<AdminOrdersResponse>(
      `/admin/api/orders?q=${lines.hanky.purchase_id}`,
      BEARER,
    );
    expect(office.body.lines).toEqual([
      expect.objectContaining({ unitPrice: 59, paidPaise: PAID.hanky, couponCode: 'SAVE100' }),
    ]);
  });

  it('refunds a cancelled line of three exactly what was paid for it, and a returned one likewise', async () => {
    const { client, gatewayPaymentId, lines } = await paidWithCoupon();

    const cancelled = await client.post<Answer<CancelResponse>>('/cancel', {
      orderID: lines.socks.purchase_id,
    });
    expect(cancelled.status).toBe(200);
    expect(await refundsOf(t().db, lines.socks.purchase_id)).toEqual([
      { amount_paise: PAID.socks, reason: 'cancellation', status: 'processed' },
    ]);

    const tees = lines.tees.purchase_id;
    expect((await post(`/admin/api/orders/${tees}/ship`, { trackingId: 'DTDC2800' })).status).toBe(200);
    expect((await post(`/admin/api/orders/${tees}/deliver`, {})).status).toBe(200);
    expect((await client.post('/return', { orderID: tees, reason: 'Too tight' })).status).toBe(200);
    expect((await post(`/admin/api/returns/${tees}`, { accept: true })).status).toBe(200);
    const received = await post(`/admin/api/returns/${tees}/receive`);
    expect(received.status).toBe(200);
    expect(received.body).toMatchObject({ paidPaise: PAID.tees, couponCode: 'SAVE100' });
    expect(await refundsOf(t().db, tees)).toEqual([
      { amount_paise: PAID.tees, reason: 'return', status: 'processed' },
    ]);

    // the gateway sent back those two amounts, never the lines' prices (₹99 and ₹298)
    const payment = await captured(gatewayPaymentId);
    expect(payment.refunds).toEqual([{ amount: PAID.socks }, { amount: PAID.tees }]);
    // what is left captured is the hanky as paid for and the delivery charge
    expect(payment.amount - PAID.socks - PAID.tees).toBe(PAID.hanky + DELIVERY);
  });

  it("keeps the late cancellation charge of what was paid, and gives back the delivery charge with the order's last line", async () => {
    const { client, gatewayPaymentId, lines } = await paidWithCoupon();
    await t()
      .db.updateTable('orders')
      .set({ placed_at: new Date(Date.now() - 25 * HOUR) })
      .where('id', '=', (eb) =>
        eb.selectFrom('order_lines').select('order_id').where('purchase_id', '=', lines.tees.purchase_id),
      )
      .execute();
    for (const line of [lines.tees, lines.socks, lines.hanky]) {
      expect((await client.post('/cancel', { orderID: line.purchase_id })).status).toBe(200);
    }
    // 10% of what was paid is kept: 232.65 - 23.27, 77.29 - 7.73, and 46.06 - 4.61 with the ₹50 delivery
    expect((await captured(gatewayPaymentId)).refunds).toEqual([
      { amount: 20_938 },
      { amount: 6_956 },
      { amount: 4_145 + DELIVERY },
    ]);
  });

  it('puts the coupon only on the lines it took something off', async () => {
    const { lines } = await paidWithCoupon({ code: 'TEES50', savingPaise: 5_000, skuIds: [tee.skus.M ?? 0] });
    expect(lines.tees).toMatchObject({ paidPaise: 29_800 - 5_000, couponCode: 'TEES50' });
    expect(lines.socks).toMatchObject({ paidPaise: 9_900, couponCode: null });
    expect(lines.hanky).toMatchObject({ paidPaise: 5_900, couponCode: null });
  });

  it('gives a line placed without a coupon its price as paid, and no coupon', async () => {
    const { client } = await driver.shopper(2, tee);
    const paid = await driver.paid(client);
    await driver.checkOut(client, paid);
    const [line] = (await client.get<OrdersResponse>('/api/orders')).body;
    expect(line).toMatchObject({ quantity: 2, paidPaise: 29_800, couponCode: null });
  });
});
