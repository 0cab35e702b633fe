import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RazorpayRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

interface FakePayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  amount_refunded: number;
  refund_status: 'partial' | 'full' | null;
  captured: boolean;
  method: string;
  created_at: number;
}

/** A local stand-in for Razorpay's API (orders, payments list and fetch, refunds) with its JSON and error shapes. */
export interface FakeRazorpay {
  url: string;
  keyId: string;
  keySecret: string;
  received: RazorpayRequest[];
  orders: Map<string, Record<string, unknown>>;
  payments: Map<string, FakePayment>;
  refunds: Record<string, unknown>[];
  /** when set, every request is answered with this instead */
  outage: { status: number; body: string } | undefined;
  /** a captured payment of an order, as after the shopper paid on Razorpay's page */
  capture(orderId: string, amount?: number): FakePayment;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex').slice(0, 14)}`;
const now = () => Math.floor(Date.now() / 1000);

function error(res: ServerResponse, status: number, code: string, description: string, field?: string) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(
    JSON.stringify({
      error: {
        code,
        description,
        source: 'business',
        step: 'payment_initiation',
        reason: 'input_validation_failed',
        metadata: {},
        field,
      },
    }),
  );
}

export async function startFakeRazorpay(
  keyId = 'rzp_test_fake0123456789',
  keySecret = 'fake-razorpay-key-secret',
): Promise<FakeRazorpay> {
  const fake = {
    keyId,
    keySecret,
    received: [] as RazorpayRequest[],
    orders: new Map<string, Record<string, unknown>>(),
    payments: new Map<string, FakePayment>(),
    refunds: [] as Record<string, unknown>[],
    outage: undefined as FakeRazorpay['outage'],
    capture(orderId: string, amount?: number): FakePayment {
      const order = fake.orders.get(orderId);
      if (!order) throw new Error(`fake Razorpay has no order ${orderId}`);
      const payment: FakePayment = {
        id: id('pay'),
        entity: 'payment',
        amount: amount ?? (order.amount as number),
        currency: order.currency as string,
        status: 'captured',
        order_id: orderId,
        amount_refunded: 0,
        refund_status: null,
        captured: true,
        method: 'upi',
        created_at: now(),
      };
      fake.payments.set(payment.id, payment);
      Object.assign(order, { status: 'paid', amount_paid: payment.amount, amount_due: 0 });
      return payment;
    },
  };
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  function answer(method: string, path: string, body: Record<string, unknown>, res: ServerResponse) {
    const json = (value: unknown) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (method === 'POST' && path === '/v1/orders') {
      const amount = body.amount;
      if (!Number.isInteger(amount) || (amount as number) < 100) {
        return error(res, 400, 'BAD_REQUEST_ERROR', 'The amount must be atleast INR 1.00', 'amount');
      }
      const order = {
        id: id('order'),
        entity: 'order',
        amount,
        amount_paid: 0,
        amount_due: amount,
        currency: body.currency ?? 'INR',
        receipt: body.receipt ?? null,
        offer_id: null,
        status: 'created',
        attempts: 0,
        notes: body.notes ?? [],
        created_at: now(),
      };
      fake.orders.set(order.id, order);
      return json(order);
    }
    if (method === 'GET' && path === '/v1/payments') {
      const items = [...fake.payments.values()].slice(-1);
      return json({ entity: 'collection', count: items.length, items });
    }
    const fetch = /^\/v1\/payments\/([^/]+)$/.exec(path);
    if (method === 'GET' && fetch) {
      const payment = fake.payments.get(fetch[1] ?? '');
      if (!payment) return error(res, 400, 'BAD_REQUEST_ERROR', 'The id provided does not exist');
      return json(payment);
    }
    const refund = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path);
    if (method === 'POST' && refund) {
      const payment = fake.payments.get(refund[1] ?? '');
      if (!payment) return error(res, 400, 'BAD_REQUEST_ERROR', 'The id provided does not exist');
      const amount = (body.amount as number | undefined) ?? payment.amount - payment.amount_refunded;
      if (payment.amount_refunded + amount > payment.amount) {
        return error(
          res,
          400,
          'BAD_REQUEST_ERROR',
          'The refund amount provided is greater than amount captured',
        );
      }
      payment.amount_refunded += amount;
      payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
      if (payment.refund_status === 'full') payment.status = 'refunded';
      const made = {
        id: id('rfnd'),
        entity: 'refund',
        amount,
        currency: payment.currency,
        payment_id: payment.id,
        notes: [],
        receipt: body.receipt ?? null,
        status: 'processed',
        speed_processed: 'normal',
        created_at: now(),
      };
      fake.refunds.push(made);
      return json(made);
    }
    const refunds = /^\/v1\/payments\/([^/]+)\/refunds$/.exec(path);
    if (method === 'GET' && refunds) {
      const items = fake.refunds.filter((r) => r.payment_id === refunds[1]);
      return json({ entity: 'collection', count: items.length, items });
    }
    const orderPayments = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path);
    if (method === 'GET' && orderPayments) {
      if (!fake.orders.has(orderPayments[1] ?? '')) {
        return error(res, 400, 'BAD_REQUEST_ERROR', 'The id provided does not exist');
      }
      const items = [...fake.payments.values()].filter((p) => p.order_id === orderPayments[1]);
      return json({ entity: 'collection', count: items.length, items });
    }
    return error(res, 404, 'BAD_REQUEST_ERROR', 'The requested URL was not found on the server.');
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      try {
        body = text ? JSON.parse(text) : {};
      } catch {
        return error(res, 400, 'BAD_REQUEST_ERROR', 'The request body is not valid JSON');
      }
      const path = (req.url ?? '').split('?')[0] ?? '';
      fake.received.push({ method: req.method ?? '', path, headers: req.headers, body });
      if (fake.outage) {
        res.writeHead(fake.outage.status, { 'content-type': 'application/json' }).end(fake.outage.body);
        return;
      }
      if (req.headers.authorization !== expectedAuth) {
        return error(res, 401, 'BAD_REQUEST_ERROR', 'Authentication failed');
      }
      answer(req.method ?? '', path, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
