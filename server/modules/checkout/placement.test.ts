import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutResult, type DevPaymentResponse, REFUND_MESSAGE } from '../../../contract/payments.ts';
import type { PurchasePageResponse } from '../../../contract/shopping.ts';
import { describeEachDatabase, type TestApp } from '../../test/app.ts';
import { CheckoutDriver } from '../../test/checkout.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import type { TestClient } from '../../test/http.ts';
import { stockOf } from '../../test/rows.ts';
import { paymentCapturedEvent, webhookSignature } from '../payments/webhook-event.ts';
import { unheardOrders } from './placement-store.ts';

/** what the database holds about one payment: its order and lines, its refunds, its attempt */
async function traceOf(t: TestApp, gatewayPaymentId: string) {
  const payment = await t.db
    .selectFrom('payments')
    .innerJoin('payment_orders', 'payment_orders.id', 'payments.payment_order_id')
    .select(['payments.id', 'payment_orders.status as attemptStatus', 'payment_orders.id as attemptId'])
    .where('gateway_payment_id', '=', gatewayPaymentId)
    .executeTakeFirst();
  if (!payment) return undefined;
  const orders = await t.db
    .selectFrom('orders')
    .select(['id', 'amount_paise', 'delivery_charge_paise', 'placed_by'])
    .where('payment_id', '=', payment.id)
    .execute();
  const lines = await t.db
    .selectFrom('order_lines')
    .select(['purchase_id', 'sku_id', 'quantity', 'status'])
    .where('order_id', 'in', orders.map((o) => o.id).concat(0))
    .execute();
  const refunds = await t.db
    .selectFrom('refunds')
    .select(['amount_paise', 'reason', 'status', 'gateway_refund_id'])
    .where('payment_id', '=', payment.id)
    .execute();
  const holds = await t.db
    .selectFrom('stock_holds')
    .select('id')
    .where('payment_order_id', '=', payment.attemptId)
    .where('released_at', 'is', null)
    .execute();
  return { attemptStatus: payment.attemptStatus, orders, lines, refunds, liveHolds: holds.length };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** every live hold lapses, as when the shopper's 15 minutes ran out */
async function expireHolds(t: TestApp): Promise<void> {
  await t.db
    .updateTable('stock_holds')
    .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
    .where('released_at', 'is', null)
    .execute();
}

describeEachDatabase('placing the order: key=checkOut, webhook, refunds', (t) => {
  let fixtures: Fixtures;
  const driver = new CheckoutDriver(t);

  beforeAll(() => {
    fixtures = new Fixtures(t().db);
  });

  const product = (stock: number, pricePaise = 40_000) =>
    fixtures.product({ pricePaise, oldPricePaise: pricePaise * 2, sizes: [['M', stock]] });
  const orders = (client: TestClient) => client.get<unknown[]>('/api/orders');
  const dashboard = async (paymentId: string) =>
    (await (await t().client()).get<DevPaymentResponse>(`/api/dev/payments/${paymentId}`)).body;

  describe('key=checkOut', () => {
    it('places the paid cart once: stock taken, lines with purchase ids, holds ended, cart emptied', async () => {
      const kurta = await product(5);
      const { client } = await driver.shopper(2, kurta);
      const paid = await driver.paid(client);
      expect((await driver.verify(client, paid)).body.status).toBe('ok');

      const res = await driver.checkOut(client, paid);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({});
      const trace = await traceOf(t(), paid.razorpay_payment_id);
      expect(trace).toMatchObject({
        attemptStatus: 'placed',
        orders: [{ amount_paise: 80_000, delivery_charge_paise: 0, placed_by: 'browser' }],
        lines: [
          {
            purchase_id: expect.stringMatching(/^pur_\w{14}$/),
            sku_id: kurta.skus.M,
            quantity: 2,
            status: 'placed',
          },
        ],
        refunds: [],
        liveHolds: 0,
      });
      expect(await stockOf(t().db, kurta.skus.M)).toBe(3);
      expect(await driver.available(kurta)).toEqual({ M: 3 });
      expect((await client.get<PurchasePageResponse>('/api/purchasePage')).body.prods).toEqual([]);
    });

    it('places a replayed checkout once and answers it the same', async () => {
      const kurta = await product(5);
      const { client } = await driver.shopper(1, kurta);
      const paid = await driver.paid(client);
      const answers = await Promise.all([1, 2, 3].map(() => driver.checkOut(client, paid)));
      expect(answers.map((a) => [a.status, a.body])).toEqual([
        [200, {}],
        [200, {}],
        [200, {}],
      ]);
      expect((await driver.checkOut(client, paid)).body).toEqual({});
      const trace = await traceOf(t(), paid.razorpay_payment_id);
      expect(trace?.orders).toHaveLength(1);
      expect(trace?.lines).toHaveLength(1);
      expect(await stockOf(t().db, kurta.skus.M)).toBe(4);
    });

    it('keeps a line the shopper put in the cart again after paying, when the checkout is replayed', async () => {
      const kurta = await product(5);
      const { client, customerId } = await driver.shopper(1, kurta);
      const paid = await driver.paid(client);
      await driver.checkOut(client, paid);
      await fixtures.bagLine(customerId, kurta.skus.M ?? 0, 1);
      await driver.checkOut(client, paid);
      expect((await client.get<PurchasePageResponse>('/api/purchasePage')).body.prods).toHaveLength(1);
    });

    it("answers 404 for another shopper's payment and for an unknown one, placing nothing", async () => {
      const kurta = await product(5);
      const owner = await driver.shopper(1, kurta);
      const paid = await driver.paid(owner.client);
      const thief = await driver.shopper(1, kurta);
      const stolen = await driver.checkOut(thief.client, paid);
      expect(stolen.status).toBe(404);
      expect(stolen.body.error).toEqual(expect.any(String));
      const unknown = await driver.checkOut(owner.client, {
        ...paid,
        razorpay_payment_id: 'pay_NoSuchPayment1',
      });
      expect(unknown.status).toBe(404);
      expect((await traceOf(t(), paid.razorpay_payment_id))?.orders ?? []).toEqual([]);
      expect((await driver.checkOut(owner.client, paid)).body).toEqual({});
    });

    it('refuses (409) a payment whose amount the gateway says differs from the order, placing nothing', async () => {
      const kurta = await product(5);
      const { client } = await driver.shopper(1, kurta);
      const paid = await driver.paid(client);
      await t()
        .db.updateTable('sim_gateway_payments')
        .set((eb) => ({ amount_paise: eb('amount_paise', '-', 100) }))
        .where('id', '=', paid.razorpay_payment_id)
        .execute();
      const res = await driver.checkOut(client, paid);
      expect(res.status).toBe(409);
      expect(await traceOf(t(), paid.razorpay_payment_id)).toBeUndefined();
      expect(await stockOf(t().db, kurta.skus.M)).toBe(5);
    });

    it('refuses (409) a failed payment', async () => {
      const kurta = await product(5);
      const { client } = await driver.shopper(1, kurta);
      const order = await driver.createOrder(client, await driver.amountToPay(client));
      const failed = await driver.pay(client, order.body.id, 'failure');
      expect((await driver.checkOut(client, failed.body)).status).toBe(409);
    });

    it('answers 403 to a visitor and 400 to a body without the payment id', async () => {
      const visitor = await t().client();
      const res = await visitor.post(
        '/api/purchasePage',
        { razorpay_payment_id: 'pay_x' },
        { key: 'checkOut' },
      );
      expect(res.status).toBe(403);
      const kurta = await product(5);
      const { client } = await driver.shopper(1, kurta);
      const bad = await client.post<{ error: string }>(
        '/api/purchasePage',
        { prods: [] },
        { key: 'checkOut' },
      );
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatch(/razorpay_payment_id/);
    });
  });

  describe('lines that can no longer be filled', () => {
    /** a shopper with one of a plentiful ₹400 piece and the last ₹250 one in the bag */
    async function plentyAndScarce() {
      const plenty = await product(10, 40_000);
      const scarce = await product(1, 25_000);
      const { client, customerId } = await driver.shopper(1, plenty);
      await fixtures.bagLine(customerId, scarce.skus.M ?? 0, 1);
      return { plenty, scarce, client };
    }

    /** the holds lapse and someone else buys the last of `sold` */
    async function lapseAndSellOut(sold: FixtureProduct) {
      await expireHolds(t());
      await t()
        .db.updateTable('skus')
        .set({ stock: 0 })
        .where('id', '=', sold.skus.M ?? 0)
        .execute();
    }

    it('refunds the whole payment, delivery included, when the hold lapsed and the units were sold', async () => {
      const scarf = await product(1, 30_000);
      const late = await driver.shopper(1, scarf);
      const paid = await driver.paid(late.client);
      await expireHolds(t());
      const quick = await driver.shopper(1, scarf);
      const sold = await driver.paid(quick.client);
      expect((await driver.checkOut(quick.client, sold)).body).toEqual({});

      const res = await driver.checkOut(late.client, paid);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ refundMessage: REFUND_MESSAGE });
      const trace = await traceOf(t(), paid.razorpay_payment_id);
      // 300 rupees is under the free-delivery bar: the 50 rupees of delivery go back too
      expect(trace).toMatchObject({
        attemptStatus: 'refunded',
        orders: [],
        refunds: [{ amount_paise: 35_000, reason: 'stock_unavailable', status: 'processed' }],
      });
      expect(await dashboard(paid.razorpay_payment_id)).toEqual({
        status: 'refunded',
        amount: 35_000,
        refunds: [{ amount: 35_000 }],
      });
      expect(await stockOf(t().db, scarf.skus.M)).toBe(0);
      // asked again, the answer is the same and nothing more is refunded
      expect((await driver.checkOut(late.client, paid)).body).toEqual({ refundMessage: REFUND_MESSAGE });
      expect((await dashboard(paid.razorpay_payment_id)).refunds).toHaveLength(1);
    });

    it('places what it can and refunds the rest, line by line', async () => {
      const { plenty, scarce, client } = await plentyAndScarce();
      const paid = await driver.paid(client);
      await lapseAndSellOut(scarce);

      expect((await driver.checkOut(client, paid)).body).toEqual({ refundMessage: REFUND_MESSAGE });
      const trace = await traceOf(t(), paid.razorpay_payment_id);
      expect(trace).toMatchObject({
        attemptStatus: 'placed',
        lines: [{ sku_id: plenty.skus.M, quantity: 1 }],
        refunds: [{ amount_paise: 25_000, reason: 'stock_unavailable', status: 'processed' }],
      });
      expect(await stockOf(t().db, plenty.skus.M)).toBe(9);
    });

    it('refunds an unfilled line what was paid for it after its coupon share, not its price', async () => {
      const { plenty, scarce, client } = await plentyAndScarce();
      // ₹65 off ₹650, shared ₹40 and ₹25
      const paid = await driver.paid(client, false, { code: 'FESTIVE65', savingPaise: 6_500 });
      await lapseAndSellOut(scarce);

      expect((await driver.checkOut(client, paid)).body).toEqual({ refundMessage: REFUND_MESSAGE });
      const trace = await traceOf(t(), paid.razorpay_payment_id);
      expect(trace).toMatchObject({
        orders: [{ amount_paise: 36_000, delivery_charge_paise: 0 }],
        lines: [{ sku_id: plenty.skus.M, quantity: 1 }],
        refunds: [{ amount_paise: 22_500, reason: 'stock_unavailable', status: 'processed' }],
      });
      const order = await t()
        .db.selectFrom('orders')
        .innerJoin('payments', 'payments.id', 'orders.payment_id')
        .select(['orders.coupon_paise', 'payments.amount_paise'])
        .where('payments.gateway_payment_id', '=', paid.razorpay_payment_id)
        .executeTakeFirstOrThrow();
      // the order keeps the coupon's part on what it placed; with the refund, all that was captured
      expect(order).toEqual({ coupon_paise: 4_000, amount_paise: 36_000 + 22_500 });
    });

    it('fills a line whose hold lapsed when the units are still free', async () => {
      const kurta = await product(3);
      const { client } = await driver.shopper(2, kurta);
      const paid = await driver.paid(client);
      await expireHolds(t());
      expect((await driver.checkOut(client, paid)).body).toEqual({});
      expect(await stockOf(t().db, kurta.skus.M)).toBe(1);
    });

    it('never sells more than the stock when many paid shoppers are placed at once', async () => {
      const last = await product(3, 60_000);
      // each group holds the units in turn, and each group's holds lapse while they pay: eight paid for three
      const early = await Promise.all([1, 2, 3].map(() => driver.shopper(1, last)));
      const earlyPaid = await Promise.all(early.map((s) => driver.paid(s.client)));
      const late = await Promise.all([1, 2, 3, 4, 5].map(() => driver.shopper(1, last)));
      const latePaid: CheckoutResult[] = [];
      for (const group of [late.slice(0, 3), late.slice(3)]) {
        await expireHolds(t());
        latePaid.push(...(await Promise.all(group.map((s) => driver.paid(s.client)))));
      }
      const racers = [...early, ...late].map((s, i) => ({
        client: s.client,
        paid: [...earlyPaid, ...latePaid][i],
      }));

      const answers = await Promise.all(
        racers.map((r) => (r.paid ? driver.checkOut(r.client, r.paid) : undefined)),
      );
      expect(answers.every((a) => a?.status === 200)).toBe(true);
      const placed = answers.filter((a) => a?.body.refundMessage === undefined);
      const refunded = answers.filter((a) => a?.body.refundMessage === REFUND_MESSAGE);
      expect(placed).toHaveLength(3);
      expect(refunded).toHaveLength(5);
      expect(await stockOf(t().db, last.skus.M)).toBe(0);
      for (const racer of racers) {
        const id = racer.paid?.razorpay_payment_id ?? '';
        const trace = await traceOf(t(), id);
        const money = await dashboard(id);
        if (trace?.orders.length) {
          expect(money.refunds).toEqual([]);
        } else {
          expect(money).toEqual({ status: 'refunded', amount: 60_000, refunds: [{ amount: 60_000 }] });
        }
      }
    });
  });

  describe('POST /api/webhooks/razorpay', () => {
    const deliver = (body: string, signature: string, eventId = `evt_${Date.now()}${Math.random()}`) =>
      fetch(`${t().baseUrl}/api/webhooks/razorpay`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': signature,
          'x-razorpay-event-id': eventId,
        },
        body,
      });
    const capturedBody = async (paymentId: string) => {
      const gatewayPayment = await t()
        .db.selectFrom('sim_gateway_payments')
        .select(['id', 'order_id', 'amount_paise', 'currency', 'status'])
        .where('id', '=', paymentId)
        .executeTakeFirstOrThrow();
      return JSON.stringify(
        paymentCapturedEvent({
          id: gatewayPayment.id,
          order_id: gatewayPayment.order_id,
          amount: gatewayPayment.amount_paise,
          currency: gatewayPayment.currency,
          status: gatewayPayment.status,
        }),
      );
    };
    const sign = (body: string) => webhookSignature(t().config.razorpay.webhookSecret, body);

    it("places the order when the browser never comes back (the simulated gateway's own webhook)", async () => {
      const kurta = await product(5);
      const { client } = await driver.shopper(2, kurta);
      const paid = await driver.paid(client, true);
      const trace = await until('the webhook to place the order', async () => {
        const now = await traceOf(t(), paid.razorpay_payment_id);
        return now?.orders.length ? now : undefined;
      });
      expect(trace.orders).toEqual([expect.objectContaining({ placed_by: 'webhook' })]);
      expect(await stockOf(t().db, kurta.skus.M)).toBe(3);
      // the browser coming back late gets the same answer and no second order
      expect((await driver.checkOut(client, paid)).body).toEqual({});
      expect((await traceOf(t(), paid.razorpay_payment_id))?.orders).toHaveLength(1);
      expect((await orders(client)).status).not.toBe(500);
    });

    it('refuses a bad or missing signature and changes nothing', async () => {
      const kurta = await product(5);
      const { client } = await driver.shopper(1, kurta);
      const paid = await driver.paid(client);
      const body = await capturedBody(paid.razorpay_payment_id);
      for (const signature of [webhookSignature('not-the-secret', body), '', 'zz']) {
        const res = await deliver(body, signature);
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ error: 'Invalid webhook signature' });
      }
      const bodiless = await fetch(`${t().baseUrl}/api/webhooks/razorpay`, {
        method: 'POST',
        headers: { 'x-razorpay-signature': sign(body) },
      });
      expect(bodiless.status).toBe(400);
      // a genuine signature over other bytes does not cover these
      const res = await deliver(body.replace('payment.captured', 'payment.captured '), sign(body));
      expect(res.status).toBe(400);
      expect(await traceOf(t(), paid.razorpay_payment_id)).toBeUndefined();
      expect(await stockOf(t().db, kurta.skus.M)).toBe(5);
    });

    it('places once whatever the replays and races: same event, new events, browser at once', async () => {
      const kurta = await product(5);
      const { client } = await driver.shopper(1, kurta);
      const paid = await driver.paid(client);
      const body = await capturedBody(paid.razorpay_payment_id);
      const first = await deliver(body, sign(body), 'evt_replayed000001');
      expect(await first.json()).toEqual({ status: 'placed' });
      const replay = await deliver(body, sign(body), 'evt_replayed000001');
      expect(replay.status).toBe(200);
      expect(await replay.json()).toEqual({ status: 'duplicate' });
      await Promise.all([
        deliver(body, sign(body)),
        deliver(body, sign(body)),
        driver.checkOut(client, paid),
      ]);
      const trace = await traceOf(t(), paid.razorpay_payment_id);
      expect(trace?.orders).toHaveLength(1);
      expect(await stockOf(t().db, kurta.skus.M)).toBe(4);
    });

    /** a correctly signed payment.captured event for the order's full amount, whatever the gateway says */
    const claimedCaptured = (paid: CheckoutResult, amount: number) =>
      JSON.stringify(
        paymentCapturedEvent({
          id: paid.razorpay_payment_id,
          order_id: paid.razorpay_order_id,
          amount,
          currency: 'INR',
          status: 'captured',
        }),
      );
    const attemptStatus = async (gatewayOrderId: string) =>
      (
        await t()
          .db.selectFrom('payment_orders')
          .select('status')
          .where('gateway_order_id', '=', gatewayOrderId)
          .executeTakeFirstOrThrow()
      ).status;

    it('places nothing for a signed event whose payment the gateway says failed', async () => {
      const kurta = await product(5);
      const { client } = await driver.shopper(1, kurta);
      const order = await driver.createOrder(client, await driver.amountToPay(client));
      const failed = (await driver.pay(client, order.body.id, 'failure')).body;
      const body = claimedCaptured(failed, order.body.amount);
      const res = await deliver(body, sign(body));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'unconfirmed' });
      expect(await traceOf(t(), failed.razorpay_payment_id)).toBeUndefined();
      expect(await stockOf(t().db, kurta.skus.M)).toBe(5);
      // nothing recorded: the attempt stays open for the reconciler to ask about
      expect(await attemptStatus(order.body.id)).toBe('created');
    });

    it('places nothing while the gateway holds another amount; a redelivery once it confirms places', async () => {
      const kurta = await product(5);
      const { client } = await driver.shopper(1, kurta);
      const order = await driver.createOrder(client, await driver.amountToPay(client));
      const paid = (await driver.pay(client, order.body.id)).body;
      const gatewayAmount = (paise: number) =>
        t()
          .db.updateTable('sim_gateway_payments')
          .set({ amount_paise: paise })
          .where('id', '=', paid.razorpay_payment_id)
          .execute();
      await gatewayAmount(order.body.amount - 100);
      const body = claimedCaptured(paid, order.body.amount);
      const first = await deliver(body, sign(body), 'evt_shortAmount0001');
      expect(await first.json()).toEqual({ status: 'unconfirmed' });
      expect(await traceOf(t(), paid.razorpay_payment_id)).toBeUndefined();
      expect(await attemptStatus(order.body.id)).toBe('created');

      await gatewayAmount(order.body.amount);
      const again = await deliver(body, sign(body), 'evt_shortAmount0001');
      expect(await again.json()).toEqual({ status: 'placed' });
      expect((await traceOf(t(), paid.razorpay_payment_id))?.orders).toEqual([
        expect.objectContaining({ placed_by: 'webhook' }),
      ]);
    });

    it("takes nothing but the payment id from the event: the gateway's amount is the one recorded", async () => {
      const kurta = await product(5);
      const { client } = await driver.shopper(1, kurta);
      const order = await driver.createOrder(client, await driver.amountToPay(client));
      const paid = (await driver.pay(client, order.body.id)).body;
      // the event under-reports the amount; the gateway confirms the full one
      const body = claimedCaptured(paid, 100);
      expect(await (await deliver(body, sign(body))).json()).toEqual({ status: 'placed' });
      const recorded = await t()
        .db.selectFrom('payments')
        .select('amount_paise')
        .where('gateway_payment_id', '=', paid.razorpay_payment_id)
        .executeTakeFirstOrThrow();
      expect(recorded.amount_paise).toBe(order.body.amount);
    });

    it('ignores a genuine event about a payment that is not ours, or not a payment', async () => {
      const stranger = JSON.stringify(
        paymentCapturedEvent({
          id: 'pay_NotOurs0000001',
          order_id: 'order_NotOurs000001',
          amount: 100,
          currency: 'INR',
          status: 'captured',
        }),
      );
      expect(await (await deliver(stranger, sign(stranger))).json()).toEqual({ status: 'ignored' });
      const other = JSON.stringify({ event: 'refund.processed', payload: {} });
      expect(await (await deliver(other, sign(other))).json()).toEqual({ status: 'ignored' });
      const notJson = 'not json';
      expect((await deliver(notJson, sign(notJson))).status).toBe(400);
    });
  });
});

describeEachDatabase(
  'the reconciler',
  (t) => {
    const driver = new CheckoutDriver(t);
    let scarf: FixtureProduct;

    beforeAll(async () => {
      scarf = await new Fixtures(t().db).product({ pricePaise: 70_000, sizes: [['M', 5]] });
    });

    it('places a payment that neither the browser nor the webhook reported', async () => {
      const { client } = await driver.shopper(1, scarf);
      const paid = await driver.paid(client);
      const trace = await until('the reconciler to place the order', async () => {
        const now = await traceOf(t(), paid.razorpay_payment_id);
        return now?.orders.length ? now : undefined;
      });
      expect(trace.orders).toEqual([expect.objectContaining({ placed_by: 'reconciler' })]);
      expect((await driver.checkOut(client, paid)).body).toEqual({});
    });

    it('places a verified payment whose checkout never came', async () => {
      const { client } = await driver.shopper(1, scarf);
      const paid = await driver.paid(client);
      expect((await driver.verify(client, paid)).body.status).toBe('ok');
      const trace = await until('the reconciler to place the order', async () => {
        const now = await traceOf(t(), paid.razorpay_payment_id);
        return now?.orders.length ? now : undefined;
      });
      expect(trace.orders).toHaveLength(1);
    });

    it('places a payment recorded while its attempt still looked unpaid (a stop between two writes)', async () => {
      const { client } = await driver.shopper(1, scarf);
      const order = await driver.createOrder(client, await driver.amountToPay(client));
      const attempt = () =>
        t().db.updateTable('payment_orders').where('gateway_order_id', '=', order.body.id);
      // out of the unheard attempts' reach, so only the state below can lead the reconciler to it
      await attempt().set({ created_at: sql<Date>`now() + interval '1 hour'` }).execute();
      const paid = await driver.pay(client, order.body.id, 'success', false);
      // the state an older version left when stopped after recording the payment: the attempt then expired
      await t()
        .db.transaction()
        .execute(async (trx) => {
          const { id, amount_paise } = await trx
            .updateTable('payment_orders')
            .set({ status: 'expired', updated_at: sql<Date>`now() - interval '1 minute'` })
            .where('gateway_order_id', '=', order.body.id)
            .returning(['id', 'amount_paise'])
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('payments')
            .values({
              payment_order_id: id,
              gateway_payment_id: paid.body.razorpay_payment_id,
              amount_paise,
              status: 'captured',
              captured_at: sql<Date>`now()`,
            })
            .execute();
        });
      const trace = await until('the reconciler to place the order', async () => {
        const now = await traceOf(t(), paid.body.razorpay_payment_id);
        return now?.orders.length ? now : undefined;
      });
      expect(trace.orders).toEqual([expect.objectContaining({ placed_by: 'reconciler' })]);
      expect(trace.attemptStatus).toBe('placed');
    });

    it('asks the gateway about an unheard attempt again only after a quarter of its age', async () => {
      const { client } = await driver.shopper(1, scarf);
      const order = await driver.createOrder(client, await driver.amountToPay(client));
      const age = async (createdMinutesAgo: number, askedMinutesAgo: number) => {
        await t()
          .db.updateTable('payment_orders')
          .set({
            created_at: sql<Date>`now() - make_interval(mins => ${createdMinutesAgo})`,
            updated_at: sql<Date>`now() - make_interval(mins => ${askedMinutesAgo})`,
          })
          .where('gateway_order_id', '=', order.body.id)
          .execute();
        const due = await unheardOrders(t().db, 60);
        return due.some((attempt) => attempt.gateway_order_id === order.body.id);
      };
      expect(await age(60, 10)).toBe(false);
      expect(await age(60, 16)).toBe(true);
      expect(await age(12 * 60, 2 * 60)).toBe(false);
      expect(await age(12 * 60, 4 * 60)).toBe(true);
      expect(await age(25 * 60, 24 * 60)).toBe(false);
    });

    it('marks an unpaid attempt expired once its holds lapse', async () => {
      const { client } = await driver.shopper(1, scarf);
      const order = await driver.createOrder(client, await driver.amountToPay(client));
      await expireHolds(t());
      const status = await until('the attempt to expire', async () => {
        const row = await t()
          .db.selectFrom('payment_orders')
          .select('status')
          .where('gateway_order_id', '=', order.body.id)
          .executeTakeFirstOrThrow();
        return row.status === 'expired' ? row.status : undefined;
      });
      expect(status).toBe('expired');
    });
  },
  { RECONCILE_INTERVAL_MS: '200' },
);
