import { hmacHex } from '../../platform/crypto.ts';
import type { GatewayPayment } from './gateway.ts';

/** Razorpay's webhook signature: hex(HMAC_SHA256(webhook_secret, raw request body)). */
export const webhookSignature = (webhookSecret: string, rawBody: string) => hmacHex(webhookSecret, rawBody);

/** A `payment.captured` event as Razorpay sends it (the fields the shop reads, in Razorpay's shape). */
export function paymentCapturedEvent(payment: GatewayPayment) {
  return {
    entity: 'event',
    account_id: 'acc_haatsimulated',
    event: 'payment.captured',
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: payment.id,
          entity: 'payment',
          amount: payment.amount,
          currency: payment.currency,
          status: payment.status,
          order_id: payment.order_id,
          captured: payment.status === 'captured',
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  };
}
