import { beforeAll, expect, it } from 'vitest';
import type { AppliedCoupon, Coupon, CouponBody } from '../../../contract/coupons.ts';
import { COUPON_REFUND_MESSAGE, REFUND_MESSAGE } from '../../../contract/payments.ts';
import type { PurchasePageResponse } from '../../../contract/shopping.ts';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from '../../test/app.ts';
import { CheckoutDriver } from '../../test/checkout.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import { TestClient } from '../../test/http.ts';
import { attemptsOf } from '../../test/rows.ts';

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const HOUR = 3600 * 1000;

describeEachDatabase('coupons at checkout: the amount, the paid lines, and uses counted once', (t) => {
  const driver = new CheckoutDriver(t);
  let fixtures: Fixtures;
  let n = 0;
  const run = Math.random().toString(36).slice(2, 7).toUpperCase();

  /** a ₹1,000 kurta (MRP ₹2,000) with `stock` units of M */
  const kurta = (stock: number) =>
    fixtures.product({ pricePaise: 100_000, oldPricePaise: 200_000, sizes: [['M', stock]] });

  const coupon = async (product: FixtureProduct, over: Partial<CouponBody> = {}): Promise<Coupon> => {
    const res = await new TestClient(t().baseUrl).post<Coupon>(
      '/admin/api/coupons',
      {
        code: `PAY${run}${++n}`,
        title: 'Flat ₹200 off',
        kind: 'flat',
        value: 200,
        scope: { productIds: [product.id] },
        startsAt: new Date(Date.now() - HOUR).toISOString(),
        endsAt: new Date(Date.now() + HOUR).toISOString(),
        ...over,
      },
      BEARER,
    );
    expect(res.status).toBe(201);
    return res.body;
  };
  const apply = async (client: TestClient, code: string) => {
    const res = await client.post<AppliedCoupon>('/api/coupons/apply', { code });
    expect(res.status).toBe(200);
  };
  const couponRow = (id: number) =>
    t().db.selectFrom('coupons').select('used').where('id', '=', id).executeTakeFirstOrThrow();
  const usesOf = (id: number) =>
    t()
      .db.selectFrom('coupon_uses')
      .select(['customer_id', 'payment_order_id', 'saving_paise'])
      .where('coupon_id', '=', id)
      .where('given_back_at', 'is', null)
      .execute();
  const refundsOf = (reason: 'coupon_used_up') =>
    t()
      .db.selectFrom('refunds')
      .innerJoin('payments', 'payments.id', 'refunds.payment_id')
      .select(['payments.gateway_payment_id', 'refunds.amount_paise', 'payments.amount_paise as paid'])
      .where('refunds.reason', '=', reason)
      .execute();

  beforeAll(() => {
    fixtures = new Fixtures(t().db);
  });

  it('charges the bag after its coupon and records what each line paid, shares adding up to the saving', async () => {
    const first = await kurta(10);
    const second = await fixtures.product({ pricePaise: 50_000, oldPricePaise: 50_000, sizes: [['M', 10]] });
    const flat = await coupon(first, { value: 200, scope: { productIds: [first.id, second.id] } });
    const { client, customerId } = await driver.shopper(2, first);
    await fixtures.bagLine(customerId, second.skus.M ?? 0, 1);
    await apply(client, flat.code.toLowerCase());
    expect(await driver.amountToPay(client)).toBe(230_000);

    const paid = await driver.paid(client);
    expect((await driver.checkOut(client, paid)).body).toEqual({});
    const attempt = await t()
      .db.selectFrom('payment_orders')
      .select(['amount_paise', 'lines', 'coupon_id', 'coupon_code', 'coupon_paise'])
      .where('gateway_order_id', '=', paid.razorpay_order_id)
      .executeTakeFirstOrThrow();
    expect(attempt).toMatchObject({
      amount_paise: 230_000,
      coupon_id: flat.id,
      coupon_code: flat.code,
      coupon_paise: 20_000,
    });
    // ₹200 over ₹2,000 and ₹500 of lines: 4/5 and 1/5
    expect(attempt.lines.map((line) => line.paidPaise)).toEqual([184_000, 46_000]);
    const order = await t()
      .db.selectFrom('orders')
      .select('amount_paise')
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow();
    expect(order.amount_paise).toBe(230_000);
    expect(await usesOf(flat.id)).toEqual([
      expect.objectContaining({ customer_id: customerId, saving_paise: 20_000 }),
    ]);
    // the code went with its use
    expect((await client.get<PurchasePageResponse>('/api/purchasePage')).body.coupon).toBeNull();
  });

  it('gives a coupon’s last 3 uses to exactly 3 of 50 racing shoppers; the others are refunded in full', async () => {
    const product = await kurta(100);
    const flat = await coupon(product, { totalUses: 50 });
    await t().db.updateTable('coupons').set({ used: 47 }).where('id', '=', flat.id).execute();
    const shoppers = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const { client } = await driver.shopper(1, product);
        await apply(client, flat.code);
        return { client, paid: await driver.paid(client) };
      }),
    );
    const answers = await Promise.all(shoppers.map(({ client, paid }) => driver.checkOut(client, paid)));

    expect(answers.filter((a) => a.status === 200 && a.body.refundMessage === undefined)).toHaveLength(3);
    expect(answers.filter((a) => a.body.refundMessage === COUPON_REFUND_MESSAGE)).toHaveLength(47);
    expect((await couponRow(flat.id)).used).toBe(50);
    const uses = await usesOf(flat.id);
    expect(uses).toHaveLength(3);
    const orders = await t()
      .db.selectFrom('orders')
      .select('payment_order_id')
      .where(
        'payment_order_id',
        'in',
        uses.map((u) => u.payment_order_id),
      )
      .execute();
    expect(orders).toHaveLength(3);
    const payments = new Set(shoppers.map((s) => s.paid.razorpay_payment_id));
    const refunds = (await refundsOf('coupon_used_up')).filter((r) => payments.has(r.gateway_payment_id));
    expect(refunds).toHaveLength(47);
    for (const refund of refunds) expect(refund.amount_paise).toBe(refund.paid);
    const stock = await t()
      .db.selectFrom('skus')
      .select('stock')
      .where('id', '=', product.skus.M ?? 0)
      .executeTakeFirstOrThrow();
    expect(stock.stock).toBe(97);
    // 50 checkouts over HTTP: minutes on a busy machine
  }, 180_000);

  it('holds a shopper to their own limit across two checkouts paid at once', async () => {
    const product = await kurta(10);
    const once = await coupon(product, { perShopper: 1 });
    const { client, customerId } = await driver.shopper(1, product);
    await apply(client, once.code);
    const first = await driver.paid(client);
    const second = await driver.paid(client);
    const answers = await Promise.all([driver.checkOut(client, first), driver.checkOut(client, second)]);
    expect(answers.map((a) => a.body.refundMessage ?? 'placed').sort()).toEqual([
      COUPON_REFUND_MESSAGE,
      'placed',
    ]);
    expect(await usesOf(once.id)).toEqual([expect.objectContaining({ customer_id: customerId })]);
    expect((await couponRow(once.id)).used).toBe(1);
  });

  it('counts no use for a failed payment, and gives the use back when the order is refused', async () => {
    const product = await kurta(10);
    const last = await coupon(product, { totalUses: 1 });
    const { client } = await driver.shopper(1, product);
    await apply(client, last.code);
    const failing = await driver.createOrder(client, await driver.amountToPay(client));
    expect((await driver.pay(client, failing.body.id, 'failure')).status).toBe(200);
    expect((await couponRow(last.id)).used).toBe(0);

    const paid = await driver.paid(client);
    // the units went meanwhile: nothing can be filled
    await t()
      .db.updateTable('stock_holds')
      .set({ released_at: new Date() })
      .where('released_at', 'is', null)
      .where('sku_id', '=', product.skus.M ?? 0)
      .execute();
    await t()
      .db.updateTable('skus')
      .set({ stock: 0 })
      .where('id', '=', product.skus.M ?? 0)
      .execute();
    expect((await driver.checkOut(client, paid)).body).toEqual({ refundMessage: REFUND_MESSAGE });
    expect((await couponRow(last.id)).used).toBe(0);
    expect(await usesOf(last.id)).toEqual([]);
  });

  it('refuses create-order with 409 saying the coupon ran out since the bag was read, and charges nothing', async () => {
    const product = await kurta(10);
    const few = await coupon(product, { totalUses: 5 });
    const { client, customerId } = await driver.shopper(1, product);
    await apply(client, few.code);
    const amount = await driver.amountToPay(client);
    // the other shoppers' orders take the last uses meanwhile
    await t().db.updateTable('coupons').set({ used: 5 }).where('id', '=', few.id).execute();

    const res = await driver.createOrder(client, amount);
    const now = (await client.get<PurchasePageResponse>('/api/purchasePage')).body;
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(
      `Coupon ${few.code} no longer applies. This code has been used up. Your bag now costs ₹${now.breakdown.amount.toLocaleString('en-IN')}`,
    );
    expect(now.coupon).toBeNull();
    expect(now.breakdown.amount).toBe(amount / 100 + 200);
    expect(await attemptsOf(t().db, customerId)).toEqual([]);
  });
});
