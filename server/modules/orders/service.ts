import { NOT_RETURNABLE_TEXT, PHOTO_REASONS } from '../../../contract/fit-returns-constants.ts';
import type {
  CancelResponse,
  ExchangeBody,
  ExchangeResponse,
  OrderLine,
  OrdersResponse,
  PlacedOrder,
  ReturnBody,
  ShippingAddress,
} from '../../../contract/orders.ts';
import type { Db } from '../../db/connect.ts';
import { rupees, yesNo } from '../../platform/api-values.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { Catalogue } from '../catalogue/service.ts';
import { creditNoteUrl, invoiceUrl } from '../invoices/service.ts';
import { Refunds } from '../payments/refunds.ts';
import { keepRefundTo, lineProduct, refundDestination } from '../returns/service.ts';
import { codLine } from './cod-state.ts';
import { exchangeFields, requestExchange } from './exchange.ts';
import { type Effects, type MoveDeps, moveLine } from './lines.ts';
import type { LockedLine } from './store.ts';
import * as store from './store.ts';
import {
  cancellationRefund,
  exchangeableUntil,
  freeCancellationUntil,
  paidForLine,
  RETURN_WINDOW_CLOSED,
  returnableUntil,
  windowOpen,
} from './terms.ts';
import { timelinesOf } from './timeline.ts';

/** none: never ordered; ordered: ordered, nothing delivered yet; received: at least one line delivered. */
export type Purchase = 'none' | 'ordered' | 'received';

/** What the shopper has bought of a product, for ratings and "verified purchase" reviews. */
export async function purchaseOf(db: Db, customerId: number, productId: number): Promise<Purchase> {
  const { lines, received } = await store.purchaseOf(db, customerId, productId);
  if (Number(received) > 0) return 'received';
  return Number(lines) > 0 ? 'ordered' : 'none';
}

export { RETURN_WINDOW_CLOSED };
export const PHOTO_REQUIRED = 'Please add a photo of the item for this reason';
export const UNKNOWN_PHOTO = 'The photo is not one you uploaded of this product; please upload it again';

/**
 * The return the body asks for: a reason code (with its comment) or the spec's free text alone, which is
 * then required; 400 without a photo for a reason that needs one. The schema bounds the lengths and codes.
 */
function askedReturn(body: ReturnBody): store.AskedReturn {
  const reason = body.reason?.trim() ?? '';
  const code = body.reasonCode ?? null;
  const photo = body.photo?.trim() || null;
  if (code === null && !reason) throw badRequest('reason is required');
  if (code !== null && PHOTO_REASONS.includes(code) && photo === null) throw badRequest(PHOTO_REQUIRED);
  return { reason, code, comment: body.comment?.trim() ?? '', photo };
}

/** return state as the spec's order item names it: null none asked, 'N' asked, 'Y' received back */
function orderStatus(status: OrderLine['status']): OrderLine['orderStatus'] {
  if (status === 'returned' || status === 'exchanged') return 'Y';
  const asked: readonly OrderLine['status'][] = [
    'return_requested',
    'returning',
    'return_rejected',
    'exchange_requested',
    'exchanging',
    'exchange_rejected',
  ];
  return asked.includes(status) ? 'N' : null;
}

type CustomerLineRow = Awaited<ReturnType<typeof store.customerLines>>[number];

/** Once something of the line was refunded: its credit note, and when the latest refund was issued. */
function refundDocuments(row: CustomerLineRow): Pick<OrderLine, 'creditNoteUrl' | 'refundedAt'> {
  if (!(Number(row.refunded_paise ?? 0) > 0 && row.refunded_at)) return {};
  return {
    creditNoteUrl: creditNoteUrl(row.purchase_id),
    refundedAt: new Date(row.refunded_at).toISOString(),
  };
}

function toOrderLine(
  row: Awaited<ReturnType<typeof store.customerLines>>[number],
  now: Date,
  freeSizes: ReadonlyMap<number, readonly string[]> = new Map(),
): Omit<OrderLine, 'timeline'> {
  const returnBy = returnableUntil(row);
  const iso = (at: Date | null) => at?.toISOString() ?? null;
  return {
    name: row.name,
    prodId: row.product_id,
    prod: row.prod,
    purchase_id: row.purchase_id,
    orderId: row.order_id,
    tracking_id: row.tracking_id,
    awb: row.awb,
    courier: row.courier,
    photo1: row.photo1,
    delivered: yesNo(row.delivered_at !== null),
    deliveryEligible: yesNo(row.status === 'delivered' && windowOpen(returnBy, now)),
    orderStatus: orderStatus(row.status),
    accepted: row.accepted === null ? null : yesNo(row.accepted),
    rating: row.rating,
    review: row.review ?? '',
    status: row.status,
    size: row.size,
    quantity: row.quantity,
    currentPrice: rupees(row.unit_price_paise),
    paidPaise: row.paid_paise,
    couponCode: row.coupon_code,
    orderedAt: row.placed_at.toISOString(),
    deliveredAt: iso(row.delivered_at),
    freeCancellationUntil: freeCancellationUntil(row.placed_at, row).toISOString(),
    returnableUntil: iso(returnBy),
    exchangeableUntil: iso(exchangeableUntil(row)),
    refunded: rupees(row.refunded_paise ?? 0),
    invoiceUrl: invoiceUrl(row.purchase_id),
    ...refundDocuments(row),
    returnable: yesNo(row.returnable),
    ...exchangeFields(row, freeSizes, now),
    cod: codLine(row),
  };
}

/** The address as the order keeps it (the profile's fields then), each part '' when it has none. */
function shippingAddress(address: Record<string, string>): ShippingAddress {
  const part = (key: keyof ShippingAddress) => address[key] ?? '';
  return {
    fname: part('fname'),
    lname: part('lname'),
    houseNo: part('houseNo'),
    roadName: part('roadName'),
    areaName: part('areaName'),
    postOffice: part('postOffice'),
    city: part('city'),
    pin: part('pin'),
    state: part('state'),
  };
}

/**
 * Cancels a line, the shopper's own when customerId is given: its stock goes back and what was paid for it,
 * less any cancellation charge and plus the delivery charge with the order's last live line, is refunded
 * (terms.ts). `broughtBackAt`: the courier brought the parcel back undelivered then (RTO delivered,
 * decision 050): cancelled as of that time, with no charge.
 * Answers the paise refunded.
 */
export async function cancelLine(
  deps: MoveDeps,
  cancel: { purchaseId: string; customerId?: number; actor: string; broughtBackAt?: Date },
): Promise<number> {
  let refundPaise = 0;
  const { broughtBackAt, ...move } = cancel;
  await moveLine(deps, {
    ...move,
    to: 'cancelled',
    action: broughtBackAt ? 'order.rto' : 'order.cancel',
    apply: async (trx, line, now) => {
      if (line.payment_method === 'cod') return cancelCodLine(deps, trx, line, broughtBackAt ?? now);
      const refund = cancellationRefund({
        linePaise: paidForLine(line),
        placedAt: line.placed_at,
        rules: line,
        now,
        lastLiveLine: !(await store.otherLiveLines(trx, line.order_id, line.id)),
        deliveryChargePaise: line.delivery_charge_paise,
        broughtBack: broughtBackAt !== undefined,
      });
      await deps.inventory.restock(trx, line.sku_id, line.quantity);
      const refundId = await Refunds.owe(trx, {
        paymentId: line.payment_id,
        orderLineId: line.id,
        amountPaise: refund.refundPaise,
        reason: 'cancellation',
      });
      refundPaise = refund.refundPaise;
      return {
        fields: { cancelled_at: broughtBackAt ?? now },
        details: { ...refund, restocked: line.quantity },
        refundIds: [refundId],
      };
    },
  });
  return refundPaise;
}

/**
 * A COD line cancelled: nothing was paid, so nothing is refunded; its units go back, and the order's
 * charges its parcel was to collect go to the next line still placed (decision 069).
 */
async function cancelCodLine(deps: MoveDeps, trx: Db, line: LockedLine, at: Date): Promise<Effects> {
  await deps.inventory.restock(trx, line.sku_id, line.quantity);
  const charges = (line.cod_collect_paise ?? line.paid_paise) - line.paid_paise;
  const moved = charges > 0 && (await store.moveCodCharges(trx, line.order_id, line.id, charges));
  return {
    fields: { cancelled_at: at, ...(moved && { cod_collect_paise: line.paid_paise }) },
    details: { refundPaise: 0, restocked: line.quantity, ...(moved && { chargesMovedPaise: charges }) },
  };
}

type ReviewPhotoTaker = (db: Db, customerId: number, productId: number, photo: string) => Promise<boolean>;

/** The shopper's side of after-sale: their order lines, cancelling one and asking to return one. */
export class Orders {
  /**
   * `takeReviewPhoto` moves a photo off the shopper's review (false: not theirs); reviews own that table and
   * read purchases from here, so the composition root hands it in.
   */
  constructor(
    private readonly deps: MoveDeps,
    private readonly catalogue: Pick<Catalogue, 'productChanged'>,
    private readonly takeReviewPhoto: ReviewPhotoTaker,
  ) {}

  async list(customerId: number): Promise<OrdersResponse> {
    const rows = await store.customerLines(this.deps.db, customerId);
    const timelines = await timelinesOf(this.deps.db, { customerId });
    const freeSizes = await this.deps.inventory.freeSizes(this.deps.db, [
      ...new Set(rows.map((row) => row.product_id)),
    ]);
    const now = new Date();
    return rows.map((row) => ({
      ...toOrderLine(row, now, freeSizes),
      timeline: timelines.get(row.purchase_id) ?? [],
    }));
  }

  /** The order the payment placed, for the confirmation after paying. */
  async placed(customerId: number, gatewayPaymentId: string): Promise<PlacedOrder> {
    const order = await store.orderOfPayment(this.deps.db, customerId, gatewayPaymentId);
    if (!order) throw notFound('No order of yours was placed with this payment');
    const rows = await store.customerLines(this.deps.db, customerId, order.id);
    return {
      // the answer's schema keeps only the item's fields of each line
      items: rows.map((row) => toOrderLine(row, new Date())),
      amountPaid: rupees(order.amount_paise),
      address: shippingAddress(order.address),
      placedAt: order.placed_at.toISOString(),
    };
  }

  async cancel(customerId: number, purchaseId: string): Promise<CancelResponse> {
    const actor = `customer:${customerId}`;
    return { refund: rupees(await cancelLine(this.deps, { purchaseId, customerId, actor })) };
  }

  /** Development's aging: the order of the line as if placed (and all that followed) `hours` earlier. */
  async age(purchaseId: string, hours: number): Promise<void> {
    const aged = await this.deps.db.transaction().execute((trx) => store.ageOrder(trx, purchaseId, hours));
    if (!aged) throw notFound(`No order line "${purchaseId}"`);
  }

  /**
   * Development's end of a delivered line's return window, now: a return asked afterwards is refused, and
   * its settlement is payable from then (unless a return is open). No other date of the line moves.
   */
  async endReturnWindow(purchaseId: string): Promise<Date> {
    return this.deps.db.transaction().execute(async (trx) => {
      const line = await store.lockLine(trx, purchaseId);
      if (!line) throw notFound(`No order line "${purchaseId}"`);
      if (line.delivered_at === null) throw conflict('This item has not been delivered yet');
      const now = new Date();
      await store.endReturnWindow(trx, line.id, now);
      return now;
    });
  }

  /** Exchanges the shopper's line for another size (decision 047). */
  exchange(customerId: number, purchaseId: string, body: ExchangeBody): Promise<ExchangeResponse> {
    return requestExchange(this.deps, customerId, purchaseId, body);
  }

  /**
   * Asks to return a delivered line of a returnable genre, inside the window, for a reason; a photo sent
   * with it moves from the shopper's review to the return (decision 046). A COD line's return says where
   * its refund goes (`refundTo`, 400 naming the wrong part); an online line's goes back to its payment.
   */
  async requestReturn(customerId: number, body: ReturnBody): Promise<void> {
    const asked = askedReturn(body);
    let photoOf: number | undefined;
    await moveLine(this.deps, {
      purchaseId: body.orderID,
      customerId,
      to: 'return_requested',
      actor: `customer:${customerId}`,
      action: 'return.request',
      apply: async (trx, line, now) => {
        // a COD order has no payment to refund to
        const refundTo = line.payment_id === null ? refundDestination(body.refundTo) : null;
        const product = await lineProduct(trx, line.id);
        if (!product.returnable) throw conflict(NOT_RETURNABLE_TEXT);
        if (!windowOpen(returnableUntil({ ...line, returnable: true }), now))
          throw conflict(RETURN_WINDOW_CLOSED);
        if (asked.photo !== null) {
          if (!(await this.takeReviewPhoto(trx, customerId, product.id, asked.photo))) {
            throw badRequest(UNKNOWN_PHOTO);
          }
          photoOf = product.id;
        }
        await store.insertReturn(trx, line.id, asked, now);
        if (refundTo) await keepRefundTo(trx, line.id, refundTo);
        return { details: { reason: asked.reason, reasonCode: asked.code, photo: asked.photo } };
      },
    });
    // the photo left the review, which the product page may show
    if (photoOf !== undefined) this.catalogue.productChanged(photoOf);
  }
}
