import { type Static, Type } from 'typebox';
import { Profile } from './accounts.ts';
import { FitAnswerSchema, Prod } from './catalogue.ts';
import { CodLine } from './cod.ts';
import { RETURN_COMMENT_MAX, RETURN_REASON_CODES } from './fit-returns-constants.ts';

export * from './after-sale-constants.ts';

/**
 * After the sale: the shopper's order lines, cancel, return and rate. Prices in whole rupees.
 *
 * A line's state machine (documented in docs/operations.md, "Order line states"):
 *   placed -> shipped -> delivered; placed | shipped -> cancelled;
 *   delivered -> return_requested -> returning (accepted) -> returned (received back), or
 *   return_requested -> return_rejected;
 *   delivered -> exchange_requested -> exchanging (accepted) -> exchanged (received back; a new line ships
 *   the size asked for), or exchange_requested -> exchange_rejected, or exchanging -> returned (received
 *   back, the size asked for could no longer go: refunded). Decision 047.
 */
export const LINE_STATUSES = [
  'placed',
  'shipped',
  'delivered',
  'cancelled',
  'return_requested',
  'returning',
  'returned',
  'return_rejected',
  'exchange_requested',
  'exchanging',
  'exchanged',
  'exchange_rejected',
  // a COD parcel refused at the door and back with the shop (issue 39): nothing was paid, nothing refunded
  'returned_to_origin',
] as const;
export const LineStatus = Type.Enum(LINE_STATUSES);
export type LineStatus = Static<typeof LineStatus>;

const YesNo = Type.Union([Type.Literal('Y'), Type.Literal('N')]);

/** What happened to a line, as its timeline names it (decision 016). */
export const TIMELINE_EVENTS = [
  'placed',
  // a cash-on-delivery order confirmed with the code sent by SMS (issue 39)
  'cod_confirmed',
  'shipped',
  // the courier's events of the parcel (decision 050), before what they lead to at the same moment
  'out_for_delivery',
  'undelivered',
  'rto_initiated',
  'rto_delivered',
  'delivered',
  'cancelled',
  'return_requested',
  'return_accepted',
  'return_rejected',
  'picked_up',
  'refunded',
  'exchange_requested',
  'exchange_accepted',
  'exchange_received',
  'exchange_shipped',
  // cash on delivery (issue 39): the cash taken at the door, the courier's remittance matched
  'cash_collected',
  'cash_received',
] as const;
export type TimelineEventName = (typeof TIMELINE_EVENTS)[number];

/** shipped: the tracking id and the courier's tracking page (null when the courier has none) */
export const ShippedDetail = Type.Object({
  trackingId: Type.String(),
  trackingUrl: Type.Union([Type.String(), Type.Null()]),
});
/** refunded: the rupees sent back */
export const RefundedDetail = Type.Object({ amount: Type.Integer() });

/**
 * One step of a line's life; `at` an ISO time; `detail` null but for shipped (and an exchange's new line's
 * exchange_shipped) and refunded.
 */
export const TimelineEvent = Type.Object({
  event: Type.Enum(TIMELINE_EVENTS),
  at: Type.String(),
  detail: Type.Union([ShippedDetail, RefundedDetail, Type.Null()]),
});
export type TimelineEvent = Static<typeof TimelineEvent>;

/** The exchange asked of a line: the size asked for and the line's status (decision 047). */
export const ExchangeState = Type.Object({ size: Type.String(), status: LineStatus });
export type ExchangeState = Static<typeof ExchangeState>;
const LineExchange = Type.Object({
  ...ExchangeState.properties,
  note: Type.Union([Type.String(), Type.Null()]),
});

// GET /api/orders (login required) --------------------------------------------------------------------

/** One ordered item; the fields the spec gives it first, then ours. Newest order first. */
export const OrderLine = Type.Object({
  name: Type.String(),
  prodId: Type.Integer(),
  prod: Prod,
  /** the line's id: orderID of /cancel and /return, and of the back office's calls */
  purchase_id: Type.String(),
  /** ours: the order the line is of (a cash-on-delivery order is confirmed by it) */
  orderId: Type.Integer(),
  /** null until shipped */
  tracking_id: Type.Union([Type.String(), Type.Null()]),
  /** ours: the courier partner's air waybill and courier once booked with it, else null */
  awb: Type.Union([Type.String(), Type.Null()]),
  courier: Type.Union([Type.String(), Type.Null()]),
  photo1: Type.String(),
  /** 'Y' once delivered (also while or after it is returned) */
  delivered: YesNo,
  /** 'Y' only while a return may be asked for: delivered, before returnableUntil, no return asked yet */
  deliveryEligible: YesNo,
  /** null: no return asked; 'N': a return is asked (decided by `accepted`); 'Y': returned (received back) */
  orderStatus: Type.Union([YesNo, Type.Null()]),
  /** the return's decision: null undecided (or no return), 'Y' accepted, 'N' rejected */
  accepted: Type.Union([YesNo, Type.Null()]),
  /** the shopper's rating of this product, 1-5, or null */
  rating: Type.Union([Type.Integer(), Type.Null()]),
  /** the shopper's review text of this product ('' when none) */
  review: Type.String(),
  status: LineStatus,
  size: Type.String(),
  quantity: Type.Integer(),
  /** price of one unit as paid */
  currentPrice: Type.Integer(),
  /**
   * ours: paise paid for the line, all its pieces, after its share of any coupon; what
   * cancelling or returning it refunds. An order's lines and its delivery charge add up to what was paid.
   */
  paidPaise: Type.Integer({ minimum: 0 }),
  /** ours: the coupon that took something off the line, null for none */
  couponCode: Type.Union([Type.String(), Type.Null()]),
  /** ISO timestamps */
  orderedAt: Type.String(),
  deliveredAt: Type.Union([Type.String(), Type.Null()]),
  /**
   * The order's rules (kept from when it was placed), as ISO timestamps: cancelling is free until
   * freeCancellationUntil (orderedAt + its hours); a return (an exchange) may be asked until returnableUntil
   * (exchangeableUntil), deliveredAt + its days, null before delivery, with 0 days or for a genre not returnable.
   */
  freeCancellationUntil: Type.String(),
  returnableUntil: Type.Union([Type.String(), Type.Null()]),
  exchangeableUntil: Type.Union([Type.String(), Type.Null()]),
  /** rupees refunded for this line so far (cancellation, return) */
  refunded: Type.Integer(),
  /** ours: what happened to the line, oldest first */
  timeline: Type.Array(TimelineEvent),
  /** ours: the PDF of the GST tax invoice this line is on */
  invoiceUrl: Type.String(),
  /** ours: the PDF of the line's credit note, once a refund of it is issued */
  creditNoteUrl: Type.Optional(Type.String()),
  /**
   * ours: when the line's latest refund was issued (ISO), once one is; it reaches the original
   * payment method within REFUND_DAYS (shopping-rules.ts)
   */
  refundedAt: Type.Optional(Type.String()),
  /** ours: 'N' when the product's genre is marked not returnable (Return is not offered), else 'Y' */
  returnable: YesNo,
  /** ours: other sizes of the product free now that this line may be exchanged for; [] when it cannot be */
  exchangeSizes: Type.Array(Type.String()),
  /** an exchange's new line: the purchase id of the line it replaces */
  exchangeOf: Type.Optional(Type.String()),
  /** ours: the exchange asked of this line; note: why it was refunded instead, when it was */
  exchange: Type.Optional(LineExchange),
  /** ours: null for an online order; a cash-on-delivery line's state, deadline and cash (contract/cod.ts) */
  cod: CodLine,
});
export type OrderLine = Static<typeof OrderLine>;
export const OrdersResponse = Type.Array(OrderLine);
export type OrdersResponse = Static<typeof OrdersResponse>;

// GET /api/orders/placed/{paymentId} (login required) ---------------------------------------------------

/** the payment's id, as the checkout window handed it back (razorpay_payment_id) */
export const PlacedParams = Type.Object({ paymentId: Type.String({ minLength: 1, maxLength: 100 }) });
export type PlacedParams = Static<typeof PlacedParams>;

/** The delivery address an order was placed with, in the profile's fields; '' for a part it has not. */
export const ShippingAddress = Type.Pick(Profile, [
  'fname',
  'lname',
  'houseNo',
  'roadName',
  'areaName',
  'postOffice',
  'city',
  'pin',
  'state',
]);
export type ShippingAddress = Static<typeof ShippingAddress>;

export const PlacedItem = Type.Pick(OrderLine, [
  'name',
  'prodId',
  'prod',
  'purchase_id',
  'photo1',
  'size',
  'quantity',
  'currentPrice',
]);
export type PlacedItem = Static<typeof PlacedItem>;

/**
 * The order a payment placed, for the confirmation after paying: its items (first line first), the
 * rupees paid, where it goes and when it was placed (ISO). 404 when no order of the shopper's was placed
 * by that payment.
 */
export const PlacedOrder = Type.Object({
  items: Type.Array(PlacedItem),
  amountPaid: Type.Integer(),
  address: ShippingAddress,
  placedAt: Type.String(),
});
export type PlacedOrder = Static<typeof PlacedOrder>;

const PurchaseId = Type.String({ minLength: 1, maxLength: 40 });

// POST /cancel (login required) -----------------------------------------------------------------------

/**
 * Cancels one undelivered line of the shopper's: stock goes back and what was paid for the line (its
 * `paidPaise`) is refunded through the gateway, less the cancellation charge after the line's
 * freeCancellationUntil (the order's cancellationChargePercent of that); the delivery charge too when it was the order's last live line.
 * 404 for a line that is not the shopper's; 409 for one already cancelled or delivered.
 */
export const CancelBody = Type.Object({ orderID: PurchaseId }, { additionalProperties: false });
export type CancelBody = Static<typeof CancelBody>;
/** refund: rupees sent back for this cancellation */
export const CancelResponse = Type.Object({ refund: Type.Integer() });
export type CancelResponse = Static<typeof CancelResponse>;

// POST /return (login required) -----------------------------------------------------------------------

/**
 * Asks to return a delivered line before its returnableUntil, for a reason: the spec's free
 * text `reason` alone (kept as OTHER_REASON_TITLE with the text), or a `reasonCode` of RETURN_REASONS with
 * an optional `comment` (`reason` may then be left out or empty). `photo` is a file name POST
 * /upload/{prod}/{prodId} answered this shopper for the line's product; PHOTO_REASONS require one (decision
 * 046). 400 for no reason, an unknown code, a long comment or a missing or unknown photo; 404 for a line
 * not the shopper's; 409 when not delivered, already asked, past the window, or of a genre not returnable.
 */
export const ReturnBody = Type.Object(
  {
    orderID: PurchaseId,
    reason: Type.Optional(Type.String({ maxLength: 1000 })),
    reasonCode: Type.Optional(Type.Enum(RETURN_REASON_CODES)),
    comment: Type.Optional(Type.String({ maxLength: RETURN_COMMENT_MAX })),
    photo: Type.Optional(Type.String({ maxLength: 200 })),
    /**
     * a COD line's: where its refund goes, `{upiId}` or `{accountNumber, ifsc, accountHolder}`
     * (contract/cod.ts's RefundDestination), checked part by part by the server; ignored for an online line
     */
    refundTo: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);
export type ReturnBody = Static<typeof ReturnBody>;
export const ReturnResponse = Type.Object({});

// POST /api/orders/{purchaseId}/exchange (login required) ---------------------------------------------

export const ExchangeParams = Type.Object({ purchaseId: PurchaseId });
export type ExchangeParams = Static<typeof ExchangeParams>;

/**
 * Exchanges a delivered apparel line, before its exchangeableUntil, for another size of its product that is
 * free (one of its `exchangeSizes`); `reasonCode` one of RETURN_REASON_CODES. The size's units are held at
 * once. 400 for a bad code or a size the product has not (or the line's own); 404 for a line not the
 * shopper's; 409 when the line cannot be exchanged (not delivered, past the window, already an exchange)
 * or the size is no longer free.
 */
export const ExchangeBody = Type.Object(
  { size: Type.String({ minLength: 1, maxLength: 40 }), reasonCode: Type.String({ maxLength: 40 }) },
  { additionalProperties: false },
);
export type ExchangeBody = Static<typeof ExchangeBody>;
export const ExchangeResponse = Type.Object({ exchange: ExchangeState });
export type ExchangeResponse = Static<typeof ExchangeResponse>;

// POST /orders/rate (login required) ------------------------------------------------------------------

/**
 * Rates (and optionally reviews) a product the shopper received: 400 RATE_FIRST_MESSAGE when rating is
 * missing or not 1-5; 404 when the shopper has no order line of it; 409 when none is delivered yet.
 * The rating is the shopper's one review of the product (a new one replaces the old). `fit` (ours, issue
 * 29), apparel only (400 for an accessory): how it fits; left out, the fit said before stays.
 */
export const RateBody = Type.Object(
  {
    productId: Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[1-9][0-9]{0,9}$' })]),
    rating: Type.Optional(Type.Unknown()),
    review: Type.Optional(Type.String({ maxLength: 2000 })),
    prod: Type.Optional(Type.String({ maxLength: 40 })),
    fit: Type.Optional(FitAnswerSchema),
  },
  { additionalProperties: false },
);
export type RateBody = Static<typeof RateBody>;
export const RateResponse = Type.Object({});

// POST /api/dev/orders/{purchaseId}/age (development only, this machine, CSRF) ---------------------------

/**
 * Moves every recorded time of the order the line belongs to (ordered, shipped, delivered, its returns,
 * exchanges, refunds and parcels) `hours` into the past, as if it had happened then, so the windows that
 * follow from them can be tried. 404 for an unknown purchase id.
 */
export const DevAgeBody = Type.Object(
  { hours: Type.Integer({ minimum: 1, maximum: 8760 }) },
  { additionalProperties: false },
);
export type DevAgeBody = Static<typeof DevAgeBody>;
export const DevAgeResponse = Type.Object({});

/**
 * POST /api/dev/orders/{purchaseId}/end-return-window (development, loopback only): ends a delivered line's
 * return window now (its `returnableUntil`, and its settlement's `payableFrom`, become that moment); a
 * return asked afterwards is refused as after the window. 404 unknown, 409 not delivered.
 */
export const DevReturnWindowEnded = Type.Object({ endedAt: Type.String() });
export type DevReturnWindowEnded = Static<typeof DevReturnWindowEnded>;
