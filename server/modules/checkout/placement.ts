import { type CheckOutResponse, COUPON_REFUND_MESSAGE, REFUND_MESSAGE } from '../../../contract/payments.ts';
import type { Db } from '../../db/connect.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { lockBag, removePurchased } from '../bag/service.ts';
import type { Inventory } from '../inventory/service.ts';
import { Invoices } from '../invoices/service.ts';
import { Notifications } from '../notifications/service.ts';
import { Coupons } from '../offers/coupons.ts';
import {
  askGateway,
  type GatewayPayment,
  gatewayId,
  type PaymentGateway,
  paysInFull,
} from '../payments/gateway.ts';
import { Refunds } from '../payments/refunds.ts';
import { rulesOnRecord } from '../shop/service.ts';
import { paidOf } from './paid.ts';
import * as placements from './placement-store.ts';
import * as store from './store.ts';

export type PlacedBy = 'browser' | 'webhook' | 'reconciler';

type Confirmation =
  | { ok: true; paymentId: number; customerId: number }
  | { ok: false; reason: 'unknown' | 'unpaid' };

interface Decision {
  refunded: boolean;
  refundIds: number[];
  /** refused whole: its coupon had no use left for the shopper */
  couponRefused?: boolean;
}

/**
 * Turns a paid attempt into an order, exactly once per payment, whoever asks first: the browser
 * (key=checkOut), the webhook or the reconciler. One transaction takes the stock, writes the order and
 * its lines, empties the bag and records what must be refunded; the refunds go to the gateway after it
 * commits (Medusa's "complete cart" with compensation).
 */
export class Placement {
  constructor(
    private readonly db: Db,
    private readonly gateway: PaymentGateway,
    private readonly refunds: Refunds,
    private readonly inventory: Inventory,
  ) {}

  /** key=checkOut: the shopper's own payment only; another shopper's, or an unknown one, is a 404. */
  async checkOut(customerId: number, gatewayPaymentId: string): Promise<CheckOutResponse> {
    const confirmed = await this.confirm(gatewayPaymentId);
    if (!confirmed.ok && confirmed.reason === 'unpaid') {
      throw conflict('This payment is not complete; nothing was placed');
    }
    if (!confirmed.ok || confirmed.customerId !== customerId) {
      throw notFound(`No payment "${gatewayPaymentId}"`);
    }
    const { refunded, couponRefused } = await this.place(confirmed.paymentId, 'browser');
    if (!refunded) return {};
    return { refundMessage: couponRefused ? COUPON_REFUND_MESSAGE : REFUND_MESSAGE };
  }

  /**
   * The webhook's way in: the event names the payment, the gateway says what it is (a signed event is
   * still not proof of money). Not ours: `ignored`; ours but not paid in full: `unconfirmed`, and
   * nothing is recorded, so the reconciler asks the gateway about the attempt again later.
   */
  async placeNotified(gatewayPaymentId: string): Promise<'placed' | 'ignored' | 'unconfirmed'> {
    const confirmed = await this.confirm(gatewayPaymentId);
    if (!confirmed.ok) return confirmed.reason === 'unpaid' ? 'unconfirmed' : 'ignored';
    await this.place(confirmed.paymentId, 'webhook');
    return 'placed';
  }

  /** The reconciler's way in: a payment as the gateway itself answered it; not ours or unpaid: nothing. */
  async placeReported(payment: GatewayPayment): Promise<boolean> {
    const confirmed = await this.record(payment);
    if (!confirmed.ok) return false;
    await this.place(confirmed.paymentId, 'reconciler');
    return true;
  }

  /** Our record of the payment (only ever made from the gateway's answer), else the gateway's answer now. */
  private async confirm(gatewayPaymentId: string): Promise<Confirmation> {
    const known = await placements.payment(this.db, { gatewayId: gatewayPaymentId });
    if (known) return { ok: true, paymentId: known.id, customerId: known.customerId };
    const payment = await askGateway(() => this.gateway.fetchPayment(gatewayPaymentId));
    return payment ? this.record(payment) : { ok: false, reason: 'unknown' };
  }

  /** Records a payment of one of our orders, when it paid that order's exact amount. */
  private async record(payment: GatewayPayment): Promise<Confirmation> {
    const attempt = await placements.paymentOrderByGatewayId(this.db, payment.order_id);
    if (!attempt) return { ok: false, reason: 'unknown' };
    if (!paysInFull(payment, attempt)) return { ok: false, reason: 'unpaid' };
    await store.recordPayment(this.db, attempt.id, payment);
    const recorded = await placements.payment(this.db, { gatewayId: payment.id });
    if (!recorded) throw new Error(`payment ${payment.id} was recorded but cannot be read back`);
    return { ok: true, paymentId: recorded.id, customerId: recorded.customerId };
  }

  private async place(paymentId: number, by: PlacedBy): Promise<Omit<Decision, 'refundIds'>> {
    const { refundIds, ...decision } = await this.inventory.transaction((trx) =>
      this.decide(trx, paymentId, by),
    );
    await this.refunds.send(refundIds);
    return decision;
  }

  private async decide(trx: Db, paymentId: number, by: PlacedBy): Promise<Decision> {
    const payment = await placements.payment(trx, { id: paymentId });
    if (!payment) throw new Error(`payment ${paymentId} vanished while being placed`);
    // the shopper's row first, as every bag change and /create-order lock it: no lock cycles
    await lockBag(trx, payment.customerId);
    const attempt = await placements.lockPaymentOrder(trx, payment.paymentOrderId);
    const earlier = await placements.outcomeOf(trx, paymentId);
    if (earlier.placed || earlier.refunded) {
      return {
        refunded: earlier.refunded,
        refundIds: [],
        couponRefused: earlier.refundReason === 'coupon_used_up',
      };
    }
    if (attempt.status === 'placed' || attempt.status === 'refunded') {
      // a second payment of an order already decided: all of it goes back
      const refundId = await Refunds.owe(trx, {
        paymentId,
        amountPaise: payment.amountPaise,
        reason: 'unplaced_payment',
      });
      return { refunded: true, refundIds: [refundId] };
    }

    // the coupon's use is counted now, under the shopper's lock: one left for two shoppers goes to one
    const counted = await Coupons.countUse(trx, {
      id: attempt.id,
      customerId: payment.customerId,
      couponId: attempt.coupon_id,
      couponPaise: attempt.coupon_paise,
    });
    if (!counted) return this.refuse(trx, attempt.id, payment);

    const { filled, unfilled } = await this.inventory.sell(trx, attempt.id, attempt.lines);
    if (filled.length === 0) await Coupons.giveBack(trx, attempt.id);
    if (filled.length > 0) {
      const lines = filled.map((line) => ({ ...line, purchaseId: gatewayId('pur') }));
      const orderId = await placements.insertOrder(trx, {
        customerId: payment.customerId,
        paymentId,
        paymentOrderId: attempt.id,
        deliveryChargePaise: attempt.delivery_charge_paise,
        address: attempt.address,
        placedBy: by,
        couponCode: attempt.coupon_code,
        rules: await rulesOnRecord(trx),
        lines,
      });
      await Invoices.issue(trx, orderId);
      await Notifications.queue(trx, {
        kind: 'order_placed',
        customerId: payment.customerId,
        subject: String(orderId),
        variables: { purchase: lines.map((line) => line.purchaseId).join(', ') },
      });
    }
    // an unfilled line gives back what was paid for it (after its coupon share); nothing filled:
    // everything paid goes back, the delivery charge too
    const refundPaise = filled.length > 0 ? unfilled.reduce((t, l) => t + paidOf(l), 0) : payment.amountPaise;
    const refundIds =
      refundPaise > 0
        ? [await Refunds.owe(trx, { paymentId, amountPaise: refundPaise, reason: 'stock_unavailable' })]
        : [];
    await placements.setPaymentOrderStatus(trx, attempt.id, filled.length > 0 ? 'placed' : 'refunded');
    await removePurchased(
      trx,
      payment.customerId,
      attempt.lines.map((l) => l.skuId),
    );
    return { refunded: refundPaise > 0, refundIds };
  }

  /** The attempt is refused whole: its held units go back and all of the payment is refunded. */
  private async refuse(
    trx: Db,
    paymentOrderId: number,
    payment: { id: number; amountPaise: number },
  ): Promise<Decision> {
    await this.inventory.release(trx, paymentOrderId);
    const refundId = await Refunds.owe(trx, {
      paymentId: payment.id,
      amountPaise: payment.amountPaise,
      reason: 'coupon_used_up',
    });
    await placements.setPaymentOrderStatus(trx, paymentOrderId, 'refunded');
    return { refunded: true, refundIds: [refundId], couponRefused: true };
  }
}
