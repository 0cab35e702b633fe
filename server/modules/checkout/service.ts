import { formatRupees } from '../../../contract/money.ts';
import {
  AMOUNT_CHANGED_MESSAGE,
  type CheckoutResult,
  type CreateOrderResponse,
  EMPTY_BAG_MESSAGE,
  type VerifyPaymentResponse,
} from '../../../contract/payments.ts';
import { NOT_SERVICEABLE_MESSAGE, UNAVAILABLE_MESSAGE, type UserInfo } from '../../../contract/shopping.ts';
import { type OrderLimits, orderLimitRefusal } from '../../../contract/shopping-messages.ts';
import type { Db } from '../../db/connect.ts';
import type { PricedLine } from '../../db/schema.ts';
import { rupees } from '../../platform/api-values.ts';
import { safeEqual } from '../../platform/crypto.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { Limit, RateLimits } from '../../platform/rate-limit.ts';
import { lockedBag } from '../bag/service.ts';
import { isServiceable } from '../delivery/service.ts';
import type { Inventory } from '../inventory/service.ts';
import type { BagOffer, Coupons } from '../offers/coupons.ts';
import type { SaleChange, Sales } from '../offers/sales.ts';
import {
  askGateway,
  checkoutSignature,
  gatewayId,
  type PaymentGateway,
  paysInFull,
} from '../payments/gateway.ts';
import type { Shop } from '../shop/service.ts';
import * as store from './store.ts';

/** Cash on delivery (cod/) writes an attempt and its order with these, in a transaction of its own. */
export { insertOrder } from './placement-store.ts';
export { insertPaymentOrder } from './store.ts';

const CURRENCY = 'INR';

/** profile fields a parcel cannot be delivered without, named as the web app's form names them */
const REQUIRED_ADDRESS = ['houseNo', 'roadName', 'areaName', 'city', 'pin'] as const;

export function shippingAddress(shopper: UserInfo): Record<string, string> {
  const { mailID: _mail, ...address } = shopper;
  for (const field of REQUIRED_ADDRESS) {
    if (!address[field].trim()) throw badRequest(`Shipping address is incomplete: ${field} is required`);
  }
  return address;
}

/** Everything in the bag is still sold, and its partner delivers to the address: or nothing is held. */
export async function assertDeliverable(
  db: Db,
  lines: readonly { name: string; partner: string; active: boolean }[],
  pin: string,
): Promise<void> {
  const withdrawn = lines.find((line) => !line.active);
  if (withdrawn)
    throw conflict(
      `"${withdrawn.name}" is ${UNAVAILABLE_MESSAGE.toLowerCase()}; please remove it from your cart`,
    );
  for (const partner of new Set(lines.map((line) => line.partner))) {
    if (!(await isServiceable(db, partner, pin))) {
      const names = lines.filter((line) => line.partner === partner).map((line) => `"${line.name}"`);
      throw conflict(`${names.join(', ')} cannot be delivered to pincode ${pin}. ${NOT_SERVICEABLE_MESSAGE}`);
    }
  }
}

/**
 * What changed since the bag page priced the bag, and what the bag costs now: a coupon that no longer
 * fits says why; a sale that ended or started lately on one of its lines is named; otherwise (a price,
 * the delivery charge) the shopper is asked to look again. `sale` is read only on this error path.
 */
export async function amountChanged(
  coupon: BagOffer | undefined,
  sale: () => Promise<SaleChange | undefined>,
  amountPaise: number,
): Promise<string> {
  const now = formatRupees(rupees(amountPaise));
  if (coupon && !coupon.fit.fits) {
    return `Coupon ${coupon.code} no longer applies. ${coupon.fit.reason}. Your bag now costs ${now}`;
  }
  const change = await sale();
  const what = change ? `${theSale(change.title)} has ${change.change}.` : `${AMOUNT_CHANGED_MESSAGE}.`;
  return `${what} Your bag now costs ${now}.`;
}

/** "Diwali Sale" as a sentence's subject: "The Diwali Sale" (a title starting with "the" keeps its own). */
const theSale = (title: string) => (/^the\s/i.test(title) ? title : `The ${title}`);

/** Each line with what is paid for it: its price less its share of the coupon's saving. */
export function paidLines<L extends PricedLine>(lines: readonly L[], coupon: BagOffer | undefined): L[] {
  const shares = coupon?.fit.fits ? coupon.fit.shares : [];
  return lines.map((line, i) => ({
    ...line,
    paidPaise: line.unitPricePaise * line.quantity - (shares[i] ?? 0),
  }));
}

/** A bag above the limits is refused (409) before anything is held: one account cannot hoard stock. */
export function assertWithinLimits(
  limits: OrderLimits,
  lines: readonly { quantity: number }[],
  amountPaise: number,
) {
  const refusal = orderLimitRefusal(limits, lines, amountPaise);
  if (refusal) throw conflict(refusal);
}

/** At most 10 accepted calls per shopper per 15 minutes, online and cash on delivery together; refused calls do not count */
export const CREATE_ORDER_LIMIT: Limit = {
  bucket: 'create-order:customer',
  max: 10,
  windowMs: 15 * 60 * 1000,
  message: 'Too many checkout attempts; please try again in a few minutes',
};

/** an attempt whose units are held and whose gateway order is yet to be opened */
interface HeldAttempt {
  id: number;
  receipt: string;
  amountPaise: number;
  heldUntil: Date;
  /** the create-order limit's event, taken back when the gateway fails */
  counted: number[];
}

/** Turning the shopper's bag into a payment: amount, stock holds, gateway order, verification. */
export class Checkout {
  constructor(
    private readonly db: Db,
    private readonly gateway: PaymentGateway,
    private readonly keyId: string,
    private readonly keySecret: string,
    private readonly inventory: Inventory,
    private readonly limits: RateLimits,
    /** the delivery charge the bag page showed, which the amount must match */
    private readonly shop: Shop,
    /** the live sales, whose prices the bag is charged at */
    private readonly sales: Pick<Sales, 'current' | 'changedLately'>,
    /** the code applied to the bag, which the amount includes */
    private readonly coupons: Coupons,
    private readonly orderLimits: OrderLimits,
  ) {}

  /**
   * Holds the bag's units (until the hold time after the account's first unpaid attempt in a row,
   * decision 054) and opens a gateway order for the bag's amount. Everything is refused (409) before
   * any money moves when the bag is above the order limits, the amount differs or the units are not
   * free; only an accepted call counts against the limit (taken in the same transaction).
   */
  async createOrder(customerId: number, clientAmountPaise: number): Promise<CreateOrderResponse> {
    const attempt = await this.holdBag(customerId, clientAmountPaise);
    const order = await this.openGatewayOrder(attempt);
    return {
      ...order,
      key: this.keyId,
      provider: this.gateway.name,
      heldUntil: attempt.heldUntil.toISOString(),
    };
  }

  /** In one transaction: the bag priced, checked and its units held for a new attempt. */
  private async holdBag(customerId: number, clientAmountPaise: number): Promise<HeldAttempt> {
    const receipt = gatewayId('rcpt');
    const delivery = await this.shop.deliveryTerms();
    return this.inventory.transaction(async (trx) => {
      // serialises with the shopper's bag changes, so the bag priced here is the bag held
      const bag = await lockedBag(trx, customerId, delivery, {
        live: this.sales.current(),
        coupons: this.coupons,
      });
      // counted with its check, after the bag's lock: calls at once never pass the limit together, and a
      // refused call (409 below) rolls its count back with the rest
      const counted = await this.limits.takeWithin(trx, [
        { limit: CREATE_ORDER_LIMIT, subject: String(customerId) },
      ]);
      const { fulfilment, breakdown, shopper, coupon } = bag;
      if (bag.lines.length === 0) throw conflict(EMPTY_BAG_MESSAGE);
      assertWithinLimits(this.orderLimits, bag.lines, breakdown.amountToPayPaise);
      if (clientAmountPaise !== breakdown.amountToPayPaise) {
        const sale = () => this.sales.changedLately(trx, bag.lines);
        throw conflict(await amountChanged(coupon, sale, breakdown.amountToPayPaise));
      }
      const lines = paidLines(bag.lines, coupon);
      const address = shippingAddress(shopper);
      await assertDeliverable(trx, fulfilment, address.pin ?? '');
      await this.inventory.releaseUnpaid(trx, customerId);
      await this.inventory.assertFree(trx, lines);
      const id = await store.insertPaymentOrder(trx, {
        customerId,
        gateway: this.gateway.name,
        receipt,
        amountPaise: breakdown.amountToPayPaise,
        deliveryChargePaise: breakdown.deliveryChargePaise,
        lines,
        address,
        ...(coupon?.fit.fits && {
          coupon: { id: coupon.couponId, code: coupon.code, savingPaise: coupon.fit.savingPaise },
        }),
      });
      const heldUntil = await this.inventory.hold(trx, { paymentOrderId: id, customerId, lines });
      return { id, receipt, amountPaise: breakdown.amountToPayPaise, heldUntil, counted };
    });
  }

  /** The gateway's order for the attempt; when the gateway fails, the held units go back (502). */
  private async openGatewayOrder(attempt: HeldAttempt) {
    try {
      const order = await askGateway(() =>
        this.gateway.createOrder(attempt.amountPaise, CURRENCY, attempt.receipt, {
          receipt: attempt.receipt,
        }),
      );
      await store.setGatewayOrderId(this.db, attempt.id, order.id);
      return order;
    } catch (error) {
      // a failed gateway is no accepted call: neither the units nor the limit's count stay taken
      await this.limits.uncount(this.db, attempt.counted);
      await this.releaseAttempt(attempt.id);
      throw error;
    }
  }

  /** The checkout window failed or closed: the attempt's units go back to the shelf. */
  async release(customerId: number, gatewayOrderId: string): Promise<boolean> {
    const attempt = await store.ownPaymentOrder(this.db, customerId, gatewayOrderId);
    if (!attempt) throw notFound(`No order "${gatewayOrderId}"`);
    if (attempt.status !== 'created') return false;
    return this.releaseAttempt(attempt.id);
  }

  /** The attempt's live holds go back and, unpaid, it is failed; answers whether units were freed. */
  private releaseAttempt(paymentOrderId: number): Promise<boolean> {
    return this.inventory.transaction(async (trx) => {
      const released = await this.inventory.release(trx, paymentOrderId);
      await store.markFailed(trx, paymentOrderId);
      return released;
    });
  }

  /**
   * `ok` only for a genuine signature over the order id WE stored and a payment the gateway confirms
   * for that order, amount and currency.
   */
  async verify(customerId: number, result: CheckoutResult): Promise<VerifyPaymentResponse> {
    const failed = { status: 'failed' } as const;
    const attempt = await store.ownPaymentOrder(this.db, customerId, result.razorpay_order_id);
    if (!attempt) return failed;
    const expected = checkoutSignature(this.keySecret, attempt.gateway_order_id, result.razorpay_payment_id);
    if (!safeEqual(expected, result.razorpay_signature)) return failed;
    const payment = await askGateway(() => this.gateway.fetchPayment(result.razorpay_payment_id));
    if (!payment || payment.order_id !== attempt.gateway_order_id || !paysInFull(payment, attempt)) {
      return failed;
    }
    await store.recordPayment(this.db, attempt.id, payment);
    return { status: 'ok', paymentId: payment.id };
  }
}
