import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GatewayError } from '../../modules/payments/gateway.ts';
import { type FakeRazorpay, startFakeRazorpay } from './fake-server.ts';
import { RazorpayGateway } from './razorpay.ts';

describe('Razorpay adapter (official SDK against a local fake of its API)', () => {
  let fake: FakeRazorpay;
  let gateway: RazorpayGateway;

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    gateway = new RazorpayGateway({ keyId: fake.keyId, keySecret: fake.keySecret, baseUrl: fake.url });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.received.length = 0;
    fake.outage = undefined;
  });

  it('creates an order with basic auth and the amount in paise, receipt and notes', async () => {
    const order = await gateway.createOrder(129_900, 'INR', 'rcpt_abc', { receipt: 'rcpt_abc' });
    expect(order).toEqual({ id: expect.stringMatching(/^order_/), amount: 129_900, currency: 'INR' });
    const [request] = fake.received;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/orders');
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${fake.keyId}:${fake.keySecret}`).toString('base64')}`,
    );
    expect(request?.body).toEqual({
      amount: 129_900,
      currency: 'INR',
      receipt: 'rcpt_abc',
      notes: { receipt: 'rcpt_abc' },
    });
  });

  it('fetches a payment in the gateway-neutral shape', async () => {
    const order = await gateway.createOrder(50_000, 'INR', 'rcpt_fetch', {});
    const paid = fake.capture(order.id);
    expect(await gateway.fetchPayment(paid.id)).toEqual({
      id: paid.id,
      order_id: order.id,
      amount: 50_000,
      currency: 'INR',
      status: 'captured',
    });
    expect(fake.received.at(-1)?.path).toBe(`/v1/payments/${paid.id}`);
  });

  it('answers undefined for a payment id Razorpay does not know', async () => {
    expect(await gateway.fetchPayment('pay_unknown0000000')).toBeUndefined();
  });

  it('refunds part of a payment, then refuses more than is left with a clear error', async () => {
    const order = await gateway.createOrder(80_000, 'INR', 'rcpt_refund', {});
    const paid = fake.capture(order.id);
    expect(await gateway.refund(paid.id, 30_000, 'refund-1')).toEqual({
      id: expect.stringMatching(/^rfnd_/),
      amount: 30_000,
      receipt: 'refund-1',
    });
    expect(fake.received.at(-1)?.body).toEqual({ amount: 30_000, receipt: 'refund-1' });
    expect(await gateway.refunds(paid.id)).toEqual([
      { id: expect.stringMatching(/^rfnd_/), amount: 30_000, receipt: 'refund-1' },
    ]);
    const refused = await gateway.refund(paid.id, 60_000, 'refund-2').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(GatewayError);
    expect((refused as GatewayError).status).toBe(400);
    expect((refused as GatewayError).message).toMatch(/greater than amount captured/);
  });

  it("lists an order's payments, as the reconciler asks", async () => {
    const order = await gateway.createOrder(50_000, 'INR', 'rcpt_listed', {});
    expect(await gateway.orderPayments(order.id)).toEqual([]);
    const paid = fake.capture(order.id);
    expect(await gateway.orderPayments(order.id)).toEqual([
      { id: paid.id, order_id: order.id, amount: 50_000, currency: 'INR', status: 'captured' },
    ]);
  });

  it('turns wrong keys into a GatewayError naming the status, not a crash', async () => {
    const wrong = new RazorpayGateway({ keyId: fake.keyId, keySecret: 'wrong', baseUrl: fake.url });
    const error = await wrong.createOrder(10_000, 'INR', 'r', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).message).toBe(
      'Razorpay refused to create an order (401): Authentication failed',
    );
  });

  it('turns a 5xx into a GatewayError, and a fetch during an outage is an error, not "no payment"', async () => {
    fake.outage = {
      status: 503,
      body: JSON.stringify({ error: { code: 'SERVER_ERROR', description: 'Service unavailable' } }),
    };
    await expect(gateway.createOrder(10_000, 'INR', 'r', {})).rejects.toThrow(
      'Razorpay refused to create an order (503): Service unavailable',
    );
    await expect(gateway.fetchPayment('pay_any')).rejects.toBeInstanceOf(GatewayError);
  });

  it('turns an unreachable host into a GatewayError', async () => {
    const closed = await startFakeRazorpay();
    await closed.close();
    const offline = new RazorpayGateway({ keyId: 'k', keySecret: 's', baseUrl: closed.url });
    await expect(offline.createOrder(10_000, 'INR', 'r', {})).rejects.toThrow(
      'Razorpay could not be reached to create an order',
    );
  });
});
