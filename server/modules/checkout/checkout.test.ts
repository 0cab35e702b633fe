import { sql } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatRupees } from '../../../contract/money.ts';
import {
  AMOUNT_CHANGED_MESSAGE,
  type CheckoutResult,
  type DevPaymentResponse,
  EMPTY_BAG_MESSAGE,
} from '../../../contract/payments.ts';
import { hmacHex } from '../../platform/crypto.ts';
import { describeEachDatabase } from '../../test/app.ts';
import { type Answer, CheckoutDriver } from '../../test/checkout.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import type { TestClient } from '../../test/http.ts';
import { attemptsOf } from '../../test/rows.ts';

describeEachDatabase('checkout: create-order, holds, verify-payment, dev payments', (t) => {
  let fixtures: Fixtures;
  let kurta: FixtureProduct;

  beforeAll(async () => {
    fixtures = new Fixtures(t().db);
    kurta = await fixtures.product({
      name: 'Checkout kurta',
      pricePaise: 40_000,
      oldPricePaise: 60_000,
      sizes: [
        ['M', 1000],
        ['L', 10],
      ],
    });
  });

  const driver = new CheckoutDriver(t);
  const shopper = (units = 2, product = kurta, size = 'M') => driver.shopper(units, product, size);
  const amountToPay = (client: TestClient) => driver.amountToPay(client);
  const createOrder = (client: TestClient, amount: number) => driver.createOrder(client, amount);
  const pay = (client: TestClient, orderId: string, outcome: 'success' | 'failure' = 'success') =>
    driver.pay(client, orderId, outcome);
  const verify = (client: TestClient, result: CheckoutResult) => driver.verify(client, result);
  const available = (product: FixtureProduct) => driver.available(product);
  const liveHolds = (customerId: number) =>
    t()
      .db.selectFrom('stock_holds')
      .innerJoin('payment_orders', 'payment_orders.id', 'stock_holds.payment_order_id')
      .select(['stock_holds.sku_id', 'stock_holds.quantity', 'stock_holds.expires_at'])
      .where('payment_orders.customer_id', '=', customerId)
      .where('stock_holds.released_at', 'is', null)
      .execute();

  describe('POST /create-order', () => {
    it("opens a gateway order for the cart's amount in paise and holds the units for 10 minutes", async () => {
      const product = await fixtures.product({
        pricePaise: 40_000,
        oldPricePaise: 60_000,
        sizes: [['M', 5]],
      });
      const { client, customerId } = await shopper(2, product);
      const amount = await amountToPay(client);
      expect(amount).toBe(80_000);
      const res = await createOrder(client, amount);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^order_\w{14}$/),
        amount: 80_000,
        currency: 'INR',
        key: 'rzp_test_haatsimulated',
        provider: 'simulated',
        heldUntil: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });

      const attempt = await t()
        .db.selectFrom('payment_orders')
        .selectAll()
        .where('gateway_order_id', '=', res.body.id)
        .executeTakeFirstOrThrow();
      expect(attempt).toMatchObject({
        customer_id: customerId,
        gateway: 'simulated',
        amount_paise: 80_000,
        delivery_charge_paise: 0,
        status: 'created',
      });
      expect(attempt.receipt).toMatch(/^rcpt_/);
      expect(attempt.lines).toEqual([
        expect.objectContaining({
          skuId: product.skus.M,
          quantity: 2,
          unitPricePaise: 40_000,
          unitOldPricePaise: 60_000,
        }),
      ]);
      expect(attempt.address).toMatchObject({ houseNo: '12', city: 'Kolkata', pin: '700001' });

      const holds = await liveHolds(customerId);
      expect(holds).toEqual([expect.objectContaining({ sku_id: product.skus.M, quantity: 2 })]);
      // ten minutes from the attempt, on the database's clock, as the answer says
      expect(new Date(holds[0]?.expires_at ?? 0).getTime()).toBe(attempt.created_at.getTime() + 10 * 60_000);
      expect(res.body.heldUntil).toBe(new Date(holds[0]?.expires_at ?? 0).toISOString());
      // others see the held units as gone
      expect(await available(product)).toEqual({ M: 3 });
    });

    it('adds the delivery charge below ₹500 after discount', async () => {
      const product = await fixtures.product({
        pricePaise: 30_000,
        oldPricePaise: 30_000,
        sizes: [['M', 5]],
      });
      const { client } = await shopper(1, product);
      const res = await createOrder(client, 35_000);
      expect(res.status).toBe(200);
      expect(res.body.amount).toBe(35_000);
    });

    it('refuses an amount that differs from the cart with 409 and holds nothing', async () => {
      const { client, customerId } = await shopper(1);
      const amount = await amountToPay(client);
      const res = await createOrder(client, amount - 100);
      expect(res.status).toBe(409);
      // the amount is in paise: the sentence says what the bag costs now, in rupees
      const now = formatRupees(amount / 100);
      expect(res.body).toEqual({ error: `${AMOUNT_CHANGED_MESSAGE}. Your bag now costs ${now}.` });
      expect(await liveHolds(customerId)).toEqual([]);
      expect(await attemptsOf(t().db, customerId)).toEqual([]);
    });

    it('refuses an empty cart with 409', async () => {
      const { client } = await shopper(0);
      const res = await createOrder(client, 5_000);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: EMPTY_BAG_MESSAGE });
    });

    it('refuses a profile without a complete address with 400 naming the field', async () => {
      const { client, customerId } = await shopper(1);
      await t().db.updateTable('customers').set({ pin: null }).where('id', '=', customerId).execute();
      const res = await createOrder(client, await amountToPay(client));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Shipping address is incomplete: pin is required' });
      expect(await liveHolds(customerId)).toEqual([]);
    });

    it("refuses (409) an address that a line's delivery partner does not serve, and holds nothing", async () => {
      const { client, customerId } = await shopper(1);
      await t().db.updateTable('customers').set({ pin: '110002' }).where('id', '=', customerId).execute();
      const res = await createOrder(client, await amountToPay(client));
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(
        '"Checkout kurta" cannot be delivered to pincode 110002. Pincode is not serviceable! Try another',
      );
      expect(await liveHolds(customerId)).toEqual([]);
    });

    it('refuses (409) a cart holding a product that was withdrawn, and holds nothing', async () => {
      const withdrawn = await fixtures.product({ name: 'Withdrawn shawl', sizes: [['M', 4]] });
      const { client, customerId } = await shopper(1, withdrawn);
      await t().db.updateTable('products').set({ active: false }).where('id', '=', withdrawn.id).execute();
      const res = await createOrder(client, await amountToPay(client));
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(
        '"Withdrawn shawl" is currently unavailable; please remove it from your cart',
      );
      expect(await liveHolds(customerId)).toEqual([]);
    });

    it('refuses bad bodies with 400 naming the field', async () => {
      const { client } = await shopper(1);
      const usd = await client.post<Answer<object>>('/create-order', { amount: 100, currency: 'USD' });
      expect(usd.status).toBe(400);
      expect(usd.body.error).toMatch(/currency/);
      const fraction = await client.post<Answer<object>>('/create-order', { amount: 10.5, currency: 'INR' });
      expect(fraction.status).toBe(400);
      expect(fraction.body.error).toMatch(/amount/);
      const empty = await client.post<Answer<object>>('/create-order', '', {
        'content-type': 'application/json',
      });
      expect(empty.status).toBe(400);
      expect(empty.body.error).toEqual(expect.any(String));
    });

    it('answers 403 when logged out or without the CSRF token, and holds nothing', async () => {
      const visitor = await t().client();
      expect((await createOrder(visitor, 10_000)).status).toBe(403);
      const { client, customerId } = await shopper(1);
      const amount = await amountToPay(client);
      const forged = await client.post(
        '/create-order',
        { amount, currency: 'INR' },
        { 'x-csrf-token': 'forged' },
      );
      expect(forged.status).toBe(403);
      expect(await liveHolds(customerId)).toEqual([]);
    });

    it('refuses, before any money moves, a shopper whose units others hold; a release frees them', async () => {
      const scarce = await fixtures.product({ sizes: [['M', 3]] });
      const first = await shopper(2, scarce);
      const second = await shopper(2, scarce);
      const firstOrder = await createOrder(first.client, await amountToPay(first.client));
      expect(firstOrder.status).toBe(200);
      const refused = await createOrder(second.client, await amountToPay(second.client));
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatch(/^Only 1 of "Fixture product \d+" \(size M\) can be bought now/);
      expect(await liveHolds(second.customerId)).toEqual([]);
      expect(await available(scarce)).toEqual({ M: 1 });

      // another shopper cannot release them; the owner can, once
      expect(
        (await second.client.post('/api/payments/release', { orderId: firstOrder.body.id })).status,
      ).toBe(404);
      const released = await first.client.post('/api/payments/release', { orderId: firstOrder.body.id });
      expect(released.body).toEqual({ released: true });
      expect(
        (await first.client.post('/api/payments/release', { orderId: firstOrder.body.id })).body,
      ).toEqual({ released: false });
      expect(await available(scarce)).toEqual({ M: 3 });
      expect((await createOrder(second.client, await amountToPay(second.client))).status).toBe(200);
    });

    it('holds exactly the units in stock when many shoppers race for them', async () => {
      const scarce = await fixtures.product({ sizes: [['M', 3]] });
      const racers = await Promise.all(Array.from({ length: 8 }, () => shopper(1, scarce)));
      const amounts = await Promise.all(racers.map((r) => amountToPay(r.client)));
      const answers = await Promise.all(racers.map((r, i) => createOrder(r.client, amounts[i] ?? 0)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
      expect(await available(scarce)).toEqual({ M: 0 });
    });

    it('lets a new attempt replace the same shopper’s unpaid one instead of counting against it', async () => {
      const scarce = await fixtures.product({ sizes: [['M', 2]] });
      const { client, customerId } = await shopper(2, scarce);
      const amount = await amountToPay(client);
      expect((await createOrder(client, amount)).status).toBe(200);
      expect((await createOrder(client, amount)).status).toBe(200);
      expect(await liveHolds(customerId)).toEqual([expect.objectContaining({ quantity: 2 })]);
    });

    it('does not count expired holds', async () => {
      const scarce = await fixtures.product({ sizes: [['M', 2]] });
      const other = await fixtures.customer();
      const skuId = scarce.skus.M ?? 0;
      await fixtures.hold(other, skuId, 2, 'expired');
      const { client } = await shopper(2, scarce);
      expect((await createOrder(client, await amountToPay(client))).status).toBe(200);
    });
  });

  describe('holds are not extended without paying (decisions 010, 054)', () => {
    /** the shopper's attempts and holds, as if made `minutes` earlier */
    async function backdate(customerId: number, minutes: number) {
      const attempts = t().db.selectFrom('payment_orders').select('id').where('customer_id', '=', customerId);
      await t()
        .db.updateTable('payment_orders')
        .set({ created_at: sql<Date>`created_at - make_interval(mins => ${minutes})` })
        .where('customer_id', '=', customerId)
        .execute();
      await t()
        .db.updateTable('stock_holds')
        .set({ expires_at: sql<Date>`expires_at - make_interval(mins => ${minutes})` })
        .where('payment_order_id', 'in', attempts)
        .execute();
    }
    const liveHoldEnd = async (customerId: number) => {
      const holds = await liveHolds(customerId);
      expect(holds).toHaveLength(1);
      return new Date(holds[0]?.expires_at ?? 0).getTime();
    };
    const minutesLeft = (end: number) => (end - Date.now()) / 60_000;

    it('ends a new attempt’s holds, or those after a release, when the first unpaid attempt’s end', async () => {
      const { client, customerId } = await shopper(1);
      const amount = await amountToPay(client);
      expect((await createOrder(client, amount)).status).toBe(200);
      await backdate(customerId, 6);
      const firstEnd = await liveHoldEnd(customerId);
      expect(minutesLeft(firstEnd)).toBeLessThanOrEqual(4);

      const second = await createOrder(client, amount);
      expect(second.status).toBe(200);
      expect(await liveHoldEnd(customerId)).toBe(firstEnd);

      await client.post('/api/payments/release', { orderId: second.body.id });
      expect((await createOrder(client, amount)).status).toBe(200);
      expect(await liveHoldEnd(customerId)).toBe(firstEnd);
    });

    it('holds nothing once the first 10 minutes are spent: others may buy the units', async () => {
      const scarce = await fixtures.product({ sizes: [['M', 2]] });
      const first = await shopper(2, scarce);
      const amount = await amountToPay(first.client);
      expect((await createOrder(first.client, amount)).status).toBe(200);
      await backdate(first.customerId, 11);
      // the shopper may still pay: the order is placed if the units are still free, refunded if not
      expect((await createOrder(first.client, amount)).status).toBe(200);
      expect(await available(scarce)).toEqual({ M: 2 });
      const second = await shopper(2, scarce);
      expect((await createOrder(second.client, await amountToPay(second.client))).status).toBe(200);
    });

    it('holds a fresh 10 minutes an hour after the last unpaid attempt', async () => {
      const { client, customerId } = await shopper(1);
      const amount = await amountToPay(client);
      expect((await createOrder(client, amount)).status).toBe(200);
      await backdate(customerId, 61);
      expect((await createOrder(client, amount)).status).toBe(200);
      expect(minutesLeft(await liveHoldEnd(customerId))).toBeGreaterThan(9);
    });

    it('holds a fresh 10 minutes for the next purchase once the shopper paid', async () => {
      const { client, customerId } = await shopper(1);
      // an abandoned attempt, then a paid one: the run ended with the payment
      expect((await createOrder(client, await amountToPay(client))).status).toBe(200);
      const paid = await driver.paid(client);
      expect((await driver.checkOut(client, paid)).status).toBe(200);
      await backdate(customerId, 5);
      await fixtures.bagLine(customerId, kurta.skus.M ?? 0, 1);
      expect((await createOrder(client, await amountToPay(client))).status).toBe(200);
      expect(minutesLeft(await liveHoldEnd(customerId))).toBeGreaterThan(9);
    });
  });

  describe('POST /verify-payment', () => {
    async function paidOrder() {
      const buyer = await shopper(1);
      const order = await createOrder(buyer.client, await amountToPay(buyer.client));
      return { ...buyer, order: order.body };
    }

    it('answers ok for a genuine payment and records it once, however often it is verified', async () => {
      const { client, order } = await paidOrder();
      const paid = await pay(client, order.id);
      expect(paid.status).toBe(200);
      expect(paid.body).toEqual({
        razorpay_order_id: order.id,
        razorpay_payment_id: expect.stringMatching(/^pay_\w{14}$/),
        razorpay_signature: hmacHex(
          t().config.razorpay.keySecret,
          `${order.id}|${paid.body.razorpay_payment_id}`,
        ),
      });
      const ok = { status: 'ok', paymentId: paid.body.razorpay_payment_id };
      expect((await verify(client, paid.body)).body).toEqual(ok);
      expect((await verify(client, paid.body)).body).toEqual(ok);
      const payments = await t()
        .db.selectFrom('payments')
        .innerJoin('payment_orders', 'payment_orders.id', 'payments.payment_order_id')
        .select(['payments.amount_paise', 'payments.status', 'payment_orders.status as orderStatus'])
        .where('payments.gateway_payment_id', '=', paid.body.razorpay_payment_id)
        .execute();
      expect(payments).toEqual([{ amount_paise: order.amount, status: 'captured', orderStatus: 'paid' }]);
    });

    it('answers failed for a forged signature and records nothing', async () => {
      const { client, order } = await paidOrder();
      const paid = await pay(client, order.id);
      const forgeries = [
        hmacHex('not-the-key-secret', `${order.id}|${paid.body.razorpay_payment_id}`),
        // the last hex digit changed (to 0, or to 1 when it already was 0)
        `${paid.body.razorpay_signature.slice(0, -1)}${paid.body.razorpay_signature.endsWith('0') ? '1' : '0'}`,
        '',
      ];
      for (const razorpay_signature of forgeries) {
        expect((await verify(client, { ...paid.body, razorpay_signature })).body).toEqual({
          status: 'failed',
        });
      }
      const recorded = await t()
        .db.selectFrom('payments')
        .select('id')
        .where('gateway_payment_id', '=', paid.body.razorpay_payment_id)
        .execute();
      expect(recorded).toEqual([]);
    });

    it("answers failed for another shopper's genuine payment", async () => {
      const { client, order } = await paidOrder();
      const paid = await pay(client, order.id);
      const thief = await shopper(0);
      expect((await verify(thief.client, paid.body)).body).toEqual({ status: 'failed' });
    });

    it("answers failed for a payment of another order, signed for the client's order id", async () => {
      const first = await paidOrder();
      const second = await paidOrder();
      const paid = await pay(first.client, first.order.id);
      // a signature over the first order's id, sent with the second order's id
      const res = await verify(second.client, { ...paid.body, razorpay_order_id: second.order.id });
      expect(res.body).toEqual({ status: 'failed' });
    });

    it('answers failed when the gateway holds a different amount than the order', async () => {
      const { client, order } = await paidOrder();
      const paymentId = 'pay_shortAmount001';
      await t()
        .db.insertInto('sim_gateway_payments')
        .values({
          id: paymentId,
          order_id: order.id,
          amount_paise: order.amount - 100,
          currency: 'INR',
          status: 'captured',
        })
        .execute();
      const signature = hmacHex(t().config.razorpay.keySecret, `${order.id}|${paymentId}`);
      const res = await verify(client, {
        razorpay_order_id: order.id,
        razorpay_payment_id: paymentId,
        razorpay_signature: signature,
      });
      expect(res.body).toEqual({ status: 'failed' });
    });

    it('answers failed for a failed payment (which comes with no signature)', async () => {
      const { client, order } = await paidOrder();
      const failed = await pay(client, order.id, 'failure');
      expect(failed.status).toBe(200);
      expect(failed.body.razorpay_signature).toBe('');
      expect((await verify(client, failed.body)).body).toEqual({ status: 'failed' });
      const details = await client.get<DevPaymentResponse>(
        `/api/dev/payments/${failed.body.razorpay_payment_id}`,
      );
      expect(details.body).toEqual({ status: 'failed', amount: order.amount, refunds: [] });
    });

    it('answers 403 when logged out', async () => {
      const visitor = await t().client();
      const res = await verify(visitor, {
        razorpay_order_id: 'order_x',
        razorpay_payment_id: 'pay_x',
        razorpay_signature: 'x',
      });
      expect(res.status).toBe(403);
    });
  });

  describe('development payment endpoints', () => {
    it('shows a captured payment, 404 for unknown ids, 409 for paying a paid order twice', async () => {
      const { client } = await shopper(1);
      const order = (await createOrder(client, await amountToPay(client))).body;
      const paid = await pay(client, order.id);
      const details = await client.get<DevPaymentResponse>(
        `/api/dev/payments/${paid.body.razorpay_payment_id}`,
      );
      expect(details.body).toEqual({ status: 'captured', amount: order.amount, refunds: [] });
      expect((await pay(client, order.id)).status).toBe(409);
      expect((await pay(client, 'order_unknown0000000')).status).toBe(404);
      expect((await client.get('/api/dev/payments/pay_unknown0000000')).status).toBe(404);
    });
  });
});

/** the limiter's clock (the `now` dep): tests move it forward instead of waiting */
let clockOffsetMs = 0;
const MINUTE = 60_000;

describeEachDatabase(
  'checkout: at most 10 accepted /create-order calls per shopper per 15 minutes',
  (t) => {
    const driver = new CheckoutDriver(t);
    let kurta: FixtureProduct;

    beforeAll(async () => {
      kurta = await new Fixtures(t().db).product({ sizes: [['M', 1000]] });
    });
    beforeEach(() => {
      clockOffsetMs = 0;
    });

    /** `n` calls for the bag's own amount, one after another; their statuses */
    async function calls(client: TestClient, n: number): Promise<number[]> {
      const amount = await driver.amountToPay(client);
      const statuses: number[] = [];
      for (let i = 0; i < n; i += 1) statuses.push((await driver.createOrder(client, amount)).status);
      return statuses;
    }
    const accepted = (n: number) => Array.from({ length: n }, () => 200);

    it('answers the 11th with 429 {error} and Retry-After; another shopper is unaffected', async () => {
      const { client } = await driver.shopper(1, kurta);
      expect(await calls(client, 10)).toEqual(accepted(10));
      const refused = await driver.createOrder(client, await driver.amountToPay(client));
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: expect.any(String), retryAfter: expect.any(Number) });
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect((refused.body as { retryAfter?: number }).retryAfter).toBe(retryAfter);
      expect(retryAfter).toBeGreaterThan(15 * 60 - 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);

      const other = await driver.shopper(1, kurta);
      expect(await calls(other.client, 1)).toEqual([200]);
    });

    it('does not count refused calls: a 409 for a changed amount, a 400 for an incomplete address', async () => {
      const { client, customerId } = await driver.shopper(1, kurta);
      const amount = await driver.amountToPay(client);
      expect((await driver.createOrder(client, amount - 100)).status).toBe(409);
      const address = (pin: string | null) =>
        t().db.updateTable('customers').set({ pin }).where('id', '=', customerId).execute();
      await address(null);
      expect((await driver.createOrder(client, amount)).status).toBe(400);
      await address('700001');
      expect(await calls(client, 10)).toEqual(accepted(10));
      expect(await calls(client, 1)).toEqual([429]);
    });

    it('does not count 429s, and lets the shopper in again once the window has passed', async () => {
      const { client } = await driver.shopper(1, kurta);
      expect(await calls(client, 10)).toEqual(accepted(10));
      clockOffsetMs = 14 * MINUTE;
      const late = await driver.createOrder(client, await driver.amountToPay(client));
      expect(late.status).toBe(429);
      expect(Number(late.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect(await calls(client, 2)).toEqual([429, 429]);
      // the first ten have left the window; had the 429s at 14 minutes counted, the 8th would be refused
      clockOffsetMs = 15 * MINUTE + 1000;
      expect(await calls(client, 10)).toEqual(accepted(10));
      expect(await calls(client, 1)).toEqual([429]);
    });
  },
  {},
  { now: () => new Date(Date.now() + clockOffsetMs) },
);
