import {
  COD_ACCOUNT_MESSAGE,
  COD_CODE_MAX_TRIES,
  COD_DEAD_CODE_MESSAGE,
  COD_EMPTY_BAG_MESSAGE,
  COD_NOT_AWAITING_MESSAGE,
  COD_OFF_MESSAGE,
  COD_PINCODE_MESSAGE,
  COD_RESEND_SECONDS,
  COD_WRONG_CODE_MESSAGE,
  codCapMessage,
  codOpenOrdersMessage,
  codResendWaitMessage,
  type Eligibility,
  type PlacedCodOrder,
} from '../../../contract/cod.ts';
import { type OrderLimits, STOCK_LIMIT_MESSAGE } from '../../../contract/shopping-messages.ts';
import { COD_MAX_OPEN_ORDERS } from '../../../contract/shopping-rules.ts';
import type { Db } from '../../db/connect.ts';
import { rupees } from '../../platform/api-values.ts';
import { hmacHex, oneTimeCode, randomToken, safeEqual } from '../../platform/crypto.ts';
import { badRequest, conflict, notFound, tooManyRequests, unauthorized } from '../../platform/errors.ts';
import type { RateLimits } from '../../platform/rate-limit.ts';
import { smsRupees } from '../../platform/sms/templates.ts';
import { type Bag, lockedBag, removePurchased } from '../bag/service.ts';
import {
  amountChanged,
  assertDeliverable,
  assertWithinLimits,
  CREATE_ORDER_LIMIT,
  insertOrder,
  insertPaymentOrder,
  paidLines,
  shippingAddress,
} from '../checkout/service.ts';
import { collectsCash } from '../delivery/service.ts';
import type { Inventory } from '../inventory/service.ts';
import { Invoices } from '../invoices/service.ts';
import { Notifications } from '../notifications/service.ts';
import { Coupons } from '../offers/coupons.ts';
import type { Sales } from '../offers/sales.ts';
import { gatewayId } from '../payments/gateway.ts';
import { type CodTerms, rulesOnRecord, type Shop } from '../shop/service.ts';
import * as store from './store.ts';

const PINCODE = /^[1-9][0-9]{5}$/;

/** What decides whether COD is offered for a bag, beside the shop's terms and the shopper's record. */
interface BagFacts {
  /** the bag's amount before the COD fee, in rupees as the bag page shows it */
  amountRupees: number;
  /** each line's delivery partner (by code) */
  partners: readonly string[];
  /** where the parcel goes; '' when the shopper has none */
  pincode: string;
}

/**
 * The first reason, in the contract's order, that COD is not offered; null when it is. `db` may be the
 * placing transaction, which holds the shopper's lock, so the counts cannot change under it.
 */
async function refusal(db: Db, customerId: number, terms: CodTerms, bag: BagFacts): Promise<string | null> {
  if (!terms.enabled) return COD_OFF_MESSAGE;
  if ((await store.refusedDeliveries(db, customerId)) >= terms.rtoLimit) return COD_ACCOUNT_MESSAGE;
  if ((await store.openOrders(db, customerId)) >= COD_MAX_OPEN_ORDERS) {
    return codOpenOrdersMessage(COD_MAX_OPEN_ORDERS);
  }
  for (const partner of new Set(bag.partners)) {
    if (!bag.pincode || !(await collectsCash(db, partner, bag.pincode))) return COD_PINCODE_MESSAGE;
  }
  if (bag.amountRupees > terms.maxOrderValueRupees) return codCapMessage(terms.maxOrderValueRupees);
  if (bag.partners.length === 0) return COD_EMPTY_BAG_MESSAGE;
  return null;
}

export interface CashOnDeliveryDeps {
  db: Db;
  inventory: Inventory;
  limits: RateLimits;
  shop: Shop;
  bag: Pick<Bag, 'purchasePage'>;
  sales: Pick<Sales, 'current' | 'changedLately'>;
  coupons: Coupons;
  orderLimits: OrderLimits;
  /** COD_CONFIRM_SECONDS: how long an order waits for its code */
  confirmSeconds: number;
  /** keys the codes' hashes */
  secret: string;
}

/**
 * The shopper's side of cash on delivery (decision 069): whether it is offered, placing an order with no
 * payment, and confirming it with the code sent by SMS.
 */
export class CashOnDelivery {
  constructor(private readonly deps: CashOnDeliveryDeps) {}

  /** Whether the shopper's bag may be paid in cash at `pincode` (else the profile's), and what it costs. */
  async eligibility(customerId: number, pincode: string | undefined): Promise<Eligibility> {
    if (pincode !== undefined && !PINCODE.test(pincode)) {
      throw badRequest('pincode must be 6 digits, not starting with 0');
    }
    const [page, terms] = await Promise.all([
      this.deps.bag.purchasePage({ customerId }),
      this.deps.shop.codTerms(),
    ]);
    const shopper = 'pin' in page.userInfo ? page.userInfo : undefined;
    const reason = await refusal(this.deps.db, customerId, terms, {
      amountRupees: page.breakdown.amount,
      partners: page.prods.map((line) => line.partner),
      pincode: pincode ?? shopper?.pin ?? '',
    });
    const fee = terms.feeRupees;
    return {
      available: reason === null,
      reason,
      fee,
      breakdown: { ...page.breakdown, codFee: fee, amount: page.breakdown.amount + fee },
    };
  }

  /**
   * Places the bag as a COD order in one transaction, or refuses (409) with nothing changed: the bag
   * locked and priced, COD's eligibility and the amount checked under the lock, the shopper's unpaid
   * online hold released, the units sold (each line whole, or nothing at all), the coupon's use counted,
   * the order and its invoice written, the bag emptied and the confirmation code sent.
   */
  async place(customerId: number, clientAmountPaise: number): Promise<PlacedCodOrder> {
    const { inventory, shop, sales, coupons } = this.deps;
    const [delivery, terms] = await Promise.all([shop.deliveryTerms(), shop.codTerms()]);
    const feePaise = terms.feeRupees * 100;
    const receipt = gatewayId('rcpt');
    return inventory.transaction(async (trx) => {
      const bag = await lockedBag(trx, customerId, delivery, { live: sales.current(), coupons });
      await this.deps.limits.takeWithin(trx, [{ limit: CREATE_ORDER_LIMIT, subject: String(customerId) }]);
      const { fulfilment, breakdown, shopper, coupon } = bag;
      const reason = await refusal(trx, customerId, terms, {
        amountRupees: rupees(breakdown.amountToPayPaise),
        partners: fulfilment.map((line) => line.partner),
        pincode: shopper.pin,
      });
      if (reason) throw conflict(reason);
      const amountPaise = breakdown.amountToPayPaise + feePaise;
      assertWithinLimits(this.deps.orderLimits, bag.lines, amountPaise);
      if (clientAmountPaise !== amountPaise) {
        throw conflict(await amountChanged(coupon, () => sales.changedLately(trx, bag.lines), amountPaise));
      }
      const lines = paidLines(bag.lines, coupon);
      const address = shippingAddress(shopper);
      await assertDeliverable(trx, fulfilment, address.pin ?? '');
      await inventory.releaseUnpaid(trx, customerId);
      await inventory.assertFree(trx, lines);
      const used = coupon?.fit.fits
        ? { id: coupon.couponId, code: coupon.code, savingPaise: coupon.fit.savingPaise }
        : undefined;
      const attemptId = await insertPaymentOrder(trx, {
        customerId,
        gateway: 'cod',
        receipt,
        amountPaise,
        deliveryChargePaise: breakdown.deliveryChargePaise,
        lines,
        address,
        ...(used && { coupon: used }),
        cod: { gatewayOrderId: gatewayId('cod') },
      });
      const counted = await Coupons.countUse(trx, {
        id: attemptId,
        customerId,
        couponId: used?.id ?? null,
        couponPaise: used?.savingPaise ?? 0,
      });
      if (!counted)
        throw conflict(`Coupon ${used?.code} can no longer be used; please remove it from your bag`);
      const { unfilled } = await inventory.sell(trx, attemptId, lines);
      if (unfilled.length > 0) throw conflict(STOCK_LIMIT_MESSAGE);
      const placed = lines.map((line) => ({ ...line, purchaseId: gatewayId('pur') }));
      const orderId = await insertOrder(trx, {
        customerId,
        paymentId: null,
        paymentOrderId: attemptId,
        deliveryChargePaise: breakdown.deliveryChargePaise,
        address,
        placedBy: 'browser',
        couponCode: used?.code ?? null,
        rules: await rulesOnRecord(trx),
        lines: placed,
        cod: { feePaise },
      });
      await Invoices.issue(trx, orderId);
      await removePurchased(
        trx,
        customerId,
        lines.map((line) => line.skuId),
      );
      const code = oneTimeCode();
      const confirmBy = await store.insertConfirmation(trx, {
        orderId,
        codeHash: this.hash(orderId, code),
        seconds: this.deps.confirmSeconds,
      });
      await this.sendCode(trx, { orderId, customerId, amountPaise, code });
      return {
        orderId,
        purchaseIds: placed.map((line) => line.purchaseId),
        amount: rupees(amountPaise),
        confirmBy: confirmBy.toISOString(),
      };
    });
  }

  /**
   * The code sent for the shopper's COD order: 200 once right; 401 when wrong (the try is counted, and
   * after COD_CODE_MAX_TRIES the code is dead); 409 once the order no longer waits for it.
   */
  async confirm(customerId: number, orderId: number, code: string): Promise<void> {
    const outcome = await this.deps.db.transaction().execute(async (trx) => {
      const waiting = await this.waiting(trx, customerId, orderId);
      if (waiting.wrong_tries >= COD_CODE_MAX_TRIES) return 'dead';
      if (!safeEqual(this.hash(orderId, code), waiting.code_hash)) {
        // counted, and committed, before the refusal
        await store.countWrongTry(trx, orderId);
        return 'wrong';
      }
      await store.setConfirmed(trx, orderId);
      return 'confirmed';
    });
    if (outcome === 'dead') throw unauthorized(COD_DEAD_CODE_MESSAGE);
    if (outcome === 'wrong') throw unauthorized(COD_WRONG_CODE_MESSAGE);
  }

  /** A new code for the shopper's COD order, at most one every COD_RESEND_SECONDS (429 sooner). */
  async resend(customerId: number, orderId: number): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const waiting = await this.waiting(trx, customerId, orderId);
      const wait = Math.ceil(COD_RESEND_SECONDS - Number(waiting.sent_seconds_ago));
      if (wait > 0) throw tooManyRequests(codResendWaitMessage(wait), wait);
      const code = oneTimeCode();
      await store.replaceCode(trx, orderId, this.hash(orderId, code));
      await this.sendCode(trx, {
        orderId,
        customerId,
        amountPaise: waiting.amount_paise,
        code,
      });
    });
  }

  /** The order's confirmation, locked: 404 when it is not the shopper's COD order, 409 when not waiting. */
  private async waiting(trx: Db, customerId: number, orderId: number) {
    const row = await store.lockConfirmation(trx, orderId, customerId);
    if (!row) throw notFound(`No cash on delivery order ${orderId} of yours`);
    if (row.confirmed_at || row.lapsed_at || !row.in_time || !row.waiting) {
      throw conflict(COD_NOT_AWAITING_MESSAGE);
    }
    return row;
  }

  /** The cod_confirm SMS, queued in the transaction; each code a message of its own (its own key). */
  private async sendCode(
    trx: Db,
    sms: { orderId: number; customerId: number; amountPaise: number; code: string },
  ): Promise<void> {
    await Notifications.queue(trx, {
      kind: 'cod_confirm',
      customerId: sms.customerId,
      subject: `${sms.orderId}.${randomToken(9)}`,
      variables: { code: sms.code, amount: smsRupees(sms.amountPaise) },
    });
  }

  private hash(orderId: number, code: string): string {
    return hmacHex(this.deps.secret, `cod:${orderId}:${code}`);
  }
}
