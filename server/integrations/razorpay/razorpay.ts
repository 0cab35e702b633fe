import Razorpay from 'razorpay';
import {
  GatewayError,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayRefund,
  type PaymentGateway,
} from '../../modules/payments/gateway.ts';
import { askKeys, type KeyAnswer } from '../../modules/setup/service.ts';

export interface RazorpaySettings {
  keyId: string;
  keySecret: string;
  /** https://api.razorpay.com, or a local fake in tests */
  baseUrl: string;
}

interface SdkError {
  statusCode?: number | string;
  error?: { code?: string; description?: string };
}

/** Razorpay through its official SDK; every failure becomes a GatewayError naming what went wrong. */
export class RazorpayGateway implements PaymentGateway {
  readonly name = 'razorpay';
  private readonly sdk: Razorpay;

  constructor(settings: RazorpaySettings) {
    this.sdk = new Razorpay({ key_id: settings.keyId, key_secret: settings.keySecret });
    // the SDK fixes its host; its axios instance is the one place a base URL can be set
    (this.sdk.api as unknown as { rq: { defaults: { baseURL: string } } }).rq.defaults.baseURL =
      settings.baseUrl;
  }

  async createOrder(
    amountPaise: number,
    currency: string,
    receipt: string,
    notes: Record<string, string>,
  ): Promise<GatewayOrder> {
    const order = await call('create an order', () =>
      this.sdk.orders.create({ amount: amountPaise, currency, receipt, notes }),
    );
    return { id: order.id, amount: Number(order.amount), currency: order.currency };
  }

  async fetchPayment(paymentId: string): Promise<GatewayPayment | undefined> {
    try {
      return toPayment(await call('fetch a payment', () => this.sdk.payments.fetch(paymentId)));
    } catch (error) {
      if (error instanceof GatewayError && (error.status === 404 || isUnknownId(error))) return undefined;
      throw error;
    }
  }

  async orderPayments(orderId: string): Promise<GatewayPayment[]> {
    const list = await call("fetch an order's payments", () => this.sdk.orders.fetchPayments(orderId));
    return list.items.map(toPayment);
  }

  async refund(paymentId: string, amountPaise: number, receipt: string): Promise<GatewayRefund> {
    return toRefund(
      await call('refund a payment', () =>
        this.sdk.payments.refund(paymentId, { amount: amountPaise, receipt }),
      ),
    );
  }

  async refunds(paymentId: string): Promise<GatewayRefund[]> {
    const list = await call("fetch a payment's refunds", () =>
      this.sdk.payments.fetchMultipleRefund(paymentId, { count: 100 }),
    );
    return list.items.map(toRefund);
  }
}

interface SdkPayment {
  id: string;
  order_id: string;
  amount: number | string;
  currency: string;
  status: GatewayPayment['status'];
}

const toPayment = (payment: SdkPayment): GatewayPayment => ({
  id: payment.id,
  order_id: payment.order_id,
  amount: Number(payment.amount),
  currency: payment.currency,
  status: payment.status,
});

const toRefund = (refund: {
  id: string;
  amount?: number | string;
  receipt?: string | null;
}): GatewayRefund => ({
  id: refund.id,
  amount: Number(refund.amount),
  receipt: refund.receipt ?? null,
});

/** Razorpay answers 400 "The id provided does not exist" for an unknown payment id. */
const isUnknownId = (error: GatewayError) => error.status === 400 && /does not exist/i.test(error.message);

async function call<T>(what: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (raw) {
    const error = raw as SdkError;
    const status = Number(error?.statusCode);
    if (Number.isInteger(status) && status > 0) {
      const reason = error.error?.description ?? error.error?.code ?? 'no description';
      throw new GatewayError(`Razorpay refused to ${what} (${status}): ${reason}`, status);
    }
    // the SDK rethrows network failures as a TypeError of its own error mapping
    throw new GatewayError(`Razorpay could not be reached to ${what}`);
  }
}

/** Whether Razorpay takes the shop's keys: the newest payment (GET /v1/payments?count=1), for `npm run doctor`. */
export function askRazorpayKeys({ keyId, keySecret, baseUrl }: RazorpaySettings): Promise<KeyAnswer> {
  const authorization = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  return askKeys(
    'Razorpay',
    (signal) => fetch(new URL('/v1/payments?count=1', baseUrl), { headers: { authorization }, signal }),
    (response) => (response.ok ? `the keys work (HTTP ${response.status})` : undefined),
  );
}
