import { randomInt } from 'node:crypto';
import { hmacHex } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';

/** A payment gateway's order: what the shopper's checkout window pays. */
export interface GatewayOrder {
  id: string;
  amount: number;
  currency: string;
}

export type GatewayPaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';

export interface GatewayPayment {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: GatewayPaymentStatus;
}

export interface GatewayRefund {
  id: string;
  amount: number;
  /** ours: names the refund we asked for, so a retry can find one that already went through */
  receipt: string | null;
}

/** Razorpay's API as far as the shop uses it; amounts in paise, field names as Razorpay's. */
export interface PaymentGateway {
  readonly name: 'razorpay' | 'simulated';
  createOrder(
    amountPaise: number,
    currency: string,
    receipt: string,
    notes: Record<string, string>,
  ): Promise<GatewayOrder>;
  /** undefined when the gateway knows no such payment */
  fetchPayment(paymentId: string): Promise<GatewayPayment | undefined>;
  /** every payment attempted on an order, as the reconciler asks after unplaced orders */
  orderPayments(orderId: string): Promise<GatewayPayment[]>;
  refund(paymentId: string, amountPaise: number, receipt: string): Promise<GatewayRefund>;
  refunds(paymentId: string): Promise<GatewayRefund[]>;
}

/** The gateway failed or answered something we cannot use: no money decision may rest on it. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** statuses in which the gateway holds the shopper's money */
const PAID_STATUSES: readonly GatewayPaymentStatus[] = ['captured', 'authorized'];

export const isPaid = (payment: GatewayPayment) => PAID_STATUSES.includes(payment.status);

/** A paid payment of exactly the order's amount and currency: the only kind an order is placed for. */
export const paysInFull = (payment: GatewayPayment, order: { amount_paise: number; currency: string }) =>
  isPaid(payment) && payment.amount === order.amount_paise && payment.currency === order.currency;

/** A call to the gateway on a shopper's behalf: the gateway failing is a 502 the shopper may retry. */
export async function askGateway<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    throw new AppError(502, `The payment gateway is not available now, please try again (${error.message})`);
  }
}

/** Razorpay's checkout signature: hex(HMAC_SHA256(key_secret, order_id + "|" + payment_id)). */
export const checkoutSignature = (keySecret: string, orderId: string, paymentId: string) =>
  hmacHex(keySecret, `${orderId}|${paymentId}`);

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An id shaped like Razorpay's (and our receipts): a prefix and 14 letters or digits. */
export function gatewayId(prefix: 'order' | 'pay' | 'rfnd' | 'rcpt' | 'pur' | 'evt' | 'cod'): string {
  let id = '';
  for (let i = 0; i < 14; i += 1) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return `${prefix}_${id}`;
}
