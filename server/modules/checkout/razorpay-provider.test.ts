import { afterAll, expect, it } from 'vitest';
import {
  type CheckOutResponse,
  type CheckoutResult,
  type CreateOrderResponse,
  REFUND_MESSAGE,
  type VerifyPaymentResponse,
} from '../../../contract/payments.ts';
import { startFakeRazorpay } from '../../integrations/razorpay/fake-server.ts';
import { RazorpayGateway } from '../../integrations/razorpay/razorpay.ts';
import { hmacHex } from '../../platform/crypto.ts';
import { describeEachDatabase } from '../../test/app.ts';
import { Fixtures } from '../../test/fixtures.ts';
import { Refunds } from '../payments/refunds.ts';
import { paymentCapturedEvent, webhookSignature } from '../payments/webhook-event.ts';

const fake = await startFakeRazorpay();
const webhookSecret = 'razorpay-provider-test-webhook-secret';
afterAll(() => fake.close());

describeEachDatabase(
  'checkout with PAYMENT_PROVIDER=razorpay (against a local fake of its API)',
  (t) => {
    async function buyer() {
      const fixtures = new Fixtures(t().db);
      const product = await fixtures.product({
        pricePaise: 70_000,
        oldPricePaise: 70_000,
        sizes: [['M', 5]],
      });
      const client = await t().client();
      const customerId = await fixtures.customer();
      await fixtures.logIn(client, customerId);
      await t()
        .db.updateTable('customers')
        .set({ house_no: '1', road_name: 'Park St', area_name: 'Esplanade', city: 'Kolkata', pin: '700001' })
        .where('id', '=', customerId)
        .execute();
      await fixtures.bagLine(customerId, product.skus.M ?? 0, 1);
      return { client, customerId, product };
    }

    it('creates the Razorpay order and verifies a payment that Razorpay confirms', async () => {
      const { client } = await buyer();
      const created = await client.post<CreateOrderResponse>('/create-order', {
        amount: 70_000,
        currency: 'INR',
      });
      expect(created.status).toBe(200);
      const order = fake.orders.get(created.body.id);
      expect(order).toMatchObject({
        amount: 70_000,
        currency: 'INR',
        receipt: expect.stringMatching(/^rcpt_/),
      });
      const payment = fake.capture(created.body.id);
      const result: CheckoutResult = {
        razorpay_order_id: created.body.id,
        razorpay_payment_id: payment.id,
        razorpay_signature: hmacHex(fake.keySecret, `${created.body.id}|${payment.id}`),
      };
      const verified = await client.post<VerifyPaymentResponse>('/verify-payment', result);
      expect(verified.body).toEqual({ status: 'ok', paymentId: payment.id });
    });

    it('answers 502 and frees the held units when Razorpay is down', async () => {
      const { client, customerId } = await buyer();
      fake.outage = {
        status: 500,
        body: JSON.stringify({ error: { code: 'SERVER_ERROR', description: 'down' } }),
      };
      try {
        const res = await client.post<{ error: string }>('/create-order', {
          amount: 70_000,
          currency: 'INR',
        });
        expect(res.status).toBe(502);
        expect(res.body.error).toMatch(/^The payment gateway is not available now/);
      } finally {
        fake.outage = undefined;
      }
      const live = await t()
        .db.selectFrom('stock_holds')
        .innerJoin('payment_orders', 'payment_orders.id', 'stock_holds.payment_order_id')
        .select(['stock_holds.id', 'payment_orders.status'])
        .where('payment_orders.customer_id', '=', customerId)
        .where('stock_holds.released_at', 'is', null)
        .execute();
      expect(live).toEqual([]);
    });

    /** a verified Razorpay payment whose hold lapsed and whose units are gone: placing it owes a refund */
    async function paidForSoldOut() {
      const { client, product } = await buyer();
      const created = await client.post<CreateOrderResponse>('/create-order', {
        amount: 70_000,
        currency: 'INR',
      });
      const payment = fake.capture(created.body.id);
      const result: CheckoutResult = {
        razorpay_order_id: created.body.id,
        razorpay_payment_id: payment.id,
        razorpay_signature: hmacHex(fake.keySecret, `${created.body.id}|${payment.id}`),
      };
      expect((await client.post<VerifyPaymentResponse>('/verify-payment', result)).body.status).toBe('ok');
      await t()
        .db.updateTable('skus')
        .set({ stock: 0 })
        .where('id', '=', product.skus.M ?? 0)
        .execute();
      const checkOut = () =>
        client.post<CheckOutResponse>(
          '/api/purchasePage',
          { razorpay_payment_id: payment.id, orderId: created.body.id },
          { key: 'checkOut' },
        );
      return { payment, checkOut };
    }
    const refundRows = (gatewayPaymentId: string) =>
      t()
        .db.selectFrom('refunds')
        .innerJoin('payments', 'payments.id', 'refunds.payment_id')
        .select(['refunds.id', 'refunds.status', 'refunds.gateway_refund_id', 'refunds.last_error'])
        .where('payments.gateway_payment_id', '=', gatewayPaymentId)
        .execute();
    const refundsAtRazorpay = (paymentId: string) => fake.refunds.filter((r) => r.payment_id === paymentId);
    const reconcilerRefunds = () =>
      new Refunds(t().db, new RazorpayGateway(t().config.razorpay), t().app.log);

    it('refunds through Razorpay, naming the refund by its receipt', async () => {
      const { payment, checkOut } = await paidForSoldOut();
      expect((await checkOut()).body).toEqual({ refundMessage: REFUND_MESSAGE });
      const [row] = await refundRows(payment.id);
      expect(refundsAtRazorpay(payment.id)).toEqual([
        expect.objectContaining({ id: row?.gateway_refund_id, amount: 70_000, receipt: `refund-${row?.id}` }),
      ]);
      expect(row?.status).toBe('processed');
    });

    it('keeps a refund owed while Razorpay is down, and sends it once when it is back', async () => {
      const { payment, checkOut } = await paidForSoldOut();
      fake.outage = {
        status: 503,
        body: JSON.stringify({ error: { code: 'SERVER_ERROR', description: 'down' } }),
      };
      try {
        // the order's fate is decided and answered; only the money's journey waits
        expect((await checkOut()).body).toEqual({ refundMessage: REFUND_MESSAGE });
      } finally {
        fake.outage = undefined;
      }
      expect(await refundRows(payment.id)).toEqual([
        expect.objectContaining({
          status: 'pending',
          gateway_refund_id: null,
          last_error: expect.stringMatching(/503/),
        }),
      ]);
      await reconcilerRefunds().sendPending();
      await reconcilerRefunds().sendPending();
      expect(await refundRows(payment.id)).toEqual([
        expect.objectContaining({ status: 'processed', last_error: null }),
      ]);
      expect(refundsAtRazorpay(payment.id)).toHaveLength(1);
    });

    it('never refunds twice: a refund that reached Razorpay but was not recorded is found by its receipt', async () => {
      const { payment, checkOut } = await paidForSoldOut();
      await checkOut();
      const [sent] = await refundRows(payment.id);
      // as if the process died after Razorpay answered and before the answer was written
      await t()
        .db.updateTable('refunds')
        .set({ status: 'pending', gateway_refund_id: null, processed_at: null })
        .where('id', '=', sent?.id ?? 0)
        .execute();
      await reconcilerRefunds().sendPending();
      expect(await refundRows(payment.id)).toEqual([
        expect.objectContaining({ status: 'processed', gateway_refund_id: sent?.gateway_refund_id }),
      ]);
      expect(refundsAtRazorpay(payment.id)).toHaveLength(1);
    });

    /** a correctly signed payment.captured event claiming the order's full amount */
    const deliverCaptured = (orderId: string, paymentId: string, eventId: string) => {
      const body = JSON.stringify(
        paymentCapturedEvent({
          id: paymentId,
          order_id: orderId,
          amount: 70_000,
          currency: 'INR',
          status: 'captured',
        }),
      );
      return fetch(`${t().baseUrl}/api/webhooks/razorpay`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': webhookSignature(webhookSecret, body),
          'x-razorpay-event-id': eventId,
        },
        body,
      });
    };
    const ordersOf = (customerId: number) =>
      t().db.selectFrom('orders').select('placed_by').where('customer_id', '=', customerId).execute();
    async function createdOrder() {
      const { client, customerId } = await buyer();
      const created = await client.post<CreateOrderResponse>('/create-order', {
        amount: 70_000,
        currency: 'INR',
      });
      return { customerId, orderId: created.body.id };
    }

    it('places a webhook-reported payment once Razorpay confirms it, and not while it holds another amount', async () => {
      const short = await createdOrder();
      const underpaid = fake.capture(short.orderId, 69_900);
      const refused = await deliverCaptured(short.orderId, underpaid.id, 'evt_rzpShort000001');
      expect(await refused.json()).toEqual({ status: 'unconfirmed' });
      expect(fake.received).toContainEqual(
        expect.objectContaining({ method: 'GET', path: `/v1/payments/${underpaid.id}` }),
      );
      expect(await ordersOf(short.customerId)).toEqual([]);

      const full = await createdOrder();
      const payment = fake.capture(full.orderId);
      const placed = await deliverCaptured(full.orderId, payment.id, 'evt_rzpFull0000001');
      expect(await placed.json()).toEqual({ status: 'placed' });
      expect(await ordersOf(full.customerId)).toEqual([{ placed_by: 'webhook' }]);
    });

    it('ignores a signed event about a payment Razorpay does not know', async () => {
      const { customerId, orderId } = await createdOrder();
      const res = await deliverCaptured(orderId, 'pay_UnknownToRzp01', 'evt_rzpUnknown0001');
      expect(await res.json()).toEqual({ status: 'ignored' });
      expect(await ordersOf(customerId)).toEqual([]);
    });

    it('answers 502 while Razorpay cannot be asked, so the event comes again and places then', async () => {
      const { customerId, orderId } = await createdOrder();
      const payment = fake.capture(orderId);
      fake.outage = {
        status: 500,
        body: JSON.stringify({ error: { code: 'SERVER_ERROR', description: 'down' } }),
      };
      try {
        expect((await deliverCaptured(orderId, payment.id, 'evt_rzpOutage00001')).status).toBe(502);
      } finally {
        fake.outage = undefined;
      }
      expect(await ordersOf(customerId)).toEqual([]);
      const retried = await deliverCaptured(orderId, payment.id, 'evt_rzpOutage00001');
      expect(await retried.json()).toEqual({ status: 'placed' });
    });

    it('has no development payment endpoints', async () => {
      const client = await t().client();
      expect((await client.post('/api/dev/pay', { orderId: 'order_x', outcome: 'success' })).status).toBe(
        404,
      );
      expect((await client.get('/api/dev/payments/pay_x')).status).toBe(404);
    });
  },
  {
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_BASE_URL: fake.url,
    RAZORPAY_KEY_ID: fake.keyId,
    RAZORPAY_KEY_SECRET: fake.keySecret,
    RAZORPAY_WEBHOOK_SECRET: webhookSecret,
  },
);
