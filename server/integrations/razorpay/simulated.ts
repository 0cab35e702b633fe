import type { Db } from '../../db/connect.ts';
import {
  checkoutSignature,
  GatewayError,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayRefund,
  gatewayId,
  type PaymentGateway,
} from '../../modules/payments/gateway.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import * as store from './simulated-store.ts';

/** What the shopper's checkout window hands back, as Razorpay's handler receives it. */
export interface CheckoutResult {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/**
 * Razorpay test mode on this machine: orders, payments and refunds kept in the database, payments
 * signed with the key secret exactly as Razorpay signs them.
 */
export class SimulatedGateway implements PaymentGateway {
  readonly name = 'simulated';

  constructor(
    private readonly db: Db,
    private readonly keySecret: string,
  ) {}

  async createOrder(
    amountPaise: number,
    currency: string,
    receipt: string,
    notes: Record<string, string>,
  ): Promise<GatewayOrder> {
    const id = gatewayId('order');
    await store.insertOrder(this.db, { id, amount_paise: amountPaise, currency, receipt, notes });
    return { id, amount: amountPaise, currency };
  }

  async fetchPayment(paymentId: string): Promise<GatewayPayment | undefined> {
    const payment = await store.payment(this.db, paymentId);
    return payment && toPayment(payment);
  }

  async orderPayments(orderId: string): Promise<GatewayPayment[]> {
    return (await store.orderPayments(this.db, orderId)).map(toPayment);
  }

  async refunds(paymentId: string): Promise<GatewayRefund[]> {
    return store.refunds(this.db, paymentId);
  }

  async refund(paymentId: string, amountPaise: number, receipt: string): Promise<GatewayRefund> {
    return this.db.transaction().execute(async (trx) => {
      const payment = await store.lockPayment(trx, paymentId);
      if (!payment) throw new GatewayError('The id provided does not exist', 400);
      if (payment.status !== 'captured') {
        throw new GatewayError(`The payment is ${payment.status}, not captured; it cannot be refunded`, 400);
      }
      const refunded = await store.refundedPaise(trx, paymentId);
      if (
        !Number.isInteger(amountPaise) ||
        amountPaise <= 0 ||
        refunded + amountPaise > payment.amount_paise
      ) {
        throw new GatewayError('The refund amount is more than the amount left to refund', 400);
      }
      const id = gatewayId('rfnd');
      await store.insertRefund(trx, { id, payment_id: paymentId, amount_paise: amountPaise, receipt });
      if (refunded + amountPaise === payment.amount_paise) await store.markRefunded(trx, paymentId);
      return { id, amount: amountPaise, receipt };
    });
  }

  /**
   * The shopper pays (or fails to pay) an order in the checkout window. Success captures the payment
   * and signs it; a failure records a failed payment and, as with Razorpay, comes with no signature ('').
   */
  async pay(orderId: string, outcome: 'success' | 'failure'): Promise<CheckoutResult> {
    return this.db.transaction().execute(async (trx) => {
      const order = await store.lockOrder(trx, orderId);
      if (!order) throw notFound(`No order "${orderId}"`);
      if (order.status === 'paid') throw conflict(`Order "${orderId}" is already paid`);
      const id = gatewayId('pay');
      const captured = outcome === 'success';
      await store.insertPayment(trx, {
        id,
        order_id: orderId,
        amount_paise: order.amount_paise,
        currency: order.currency,
        status: captured ? 'captured' : 'failed',
      });
      await store.setOrderStatus(trx, orderId, captured ? 'paid' : 'attempted');
      return {
        razorpay_order_id: orderId,
        razorpay_payment_id: id,
        razorpay_signature: captured ? checkoutSignature(this.keySecret, orderId, id) : '',
      };
    });
  }

  /** A payment as the gateway's dashboard shows it: status, amount and the refunds made. */
  async paymentDetails(paymentId: string) {
    const payment = await store.payment(this.db, paymentId);
    if (!payment) throw notFound(`No payment "${paymentId}"`);
    const refunds = await store.refunds(this.db, paymentId);
    return {
      status: payment.status,
      amount: payment.amount_paise,
      refunds: refunds.map(({ amount }) => ({ amount })),
    };
  }
}

const toPayment = (payment: store.SimPayment): GatewayPayment => ({
  id: payment.id,
  order_id: payment.order_id,
  amount: payment.amount_paise,
  currency: payment.currency,
  status: payment.status,
});
