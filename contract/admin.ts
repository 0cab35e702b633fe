import { type Static, Type } from 'typebox';
import { Prod } from './catalogue.ts';
import { CodLine, REFUND_METHODS, RefundDestination } from './cod.ts';
import { RETURN_REASON_CODES } from './fit-returns-constants.ts';
import { LineStatus, TimelineEvent } from './orders.ts';
import { LowStockSize } from './products.ts';

export const SetStockBody = Type.Object(
  {
    // ids are 32-bit in the database: a larger one is bad input, not a failed query
    productId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    /** '' for accessories, which come in one size */
    size: Type.String({ maxLength: 20 }),
    quantity: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  },
  { additionalProperties: false },
);
export type SetStockBody = Static<typeof SetStockBody>;

export const SetStockResponse = Type.Object({
  productId: Type.Integer(),
  size: Type.String(),
  stock: Type.Integer(),
});
export type SetStockResponse = Static<typeof SetStockResponse>;

// Orders: every call answers the line as the back office sees it -------------------------------

export const PurchaseId = Type.String({ minLength: 1, maxLength: 40 });

export const PurchaseParams = Type.Object({ purchaseId: PurchaseId });
export type PurchaseParams = Static<typeof PurchaseParams>;

export const ADMIN_ORDERS_PAGE_SIZE = 200;

/** a day as YYYY-MM-DD, read in India time (Asia/Kolkata) */
const IndiaDay = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });

/**
 * GET /admin/api/orders: lines newest first, ADMIN_ORDERS_PAGE_SIZE at a time; `status` keeps lines in
 * that state; `from`/`to` keep lines of orders placed on those days (India time, both inclusive); `q` is a
 * purchase id (exact), phone digits, or part of the customer's name (any case); `before` (a purchaseId,
 * the previous page's `next`) continues after that line.
 */
export const AdminOrdersQuery = Type.Object(
  {
    status: Type.Optional(LineStatus),
    from: Type.Optional(IndiaDay),
    to: Type.Optional(IndiaDay),
    q: Type.Optional(Type.String({ maxLength: 100 })),
    before: Type.Optional(PurchaseId),
  },
  { additionalProperties: false },
);
export type AdminOrdersQuery = Static<typeof AdminOrdersQuery>;

const Timestamp = Type.String();

export const AdminOrderLine = Type.Object({
  purchaseId: Type.String(),
  orderId: Type.Integer(),
  placedAt: Timestamp,
  customer: Type.Object({ id: Type.Integer(), name: Type.String(), phone: Type.String() }),
  product: Type.Object({ id: Type.Integer(), name: Type.String(), prod: Prod }),
  size: Type.String(),
  quantity: Type.Integer(),
  /** rupees, one unit as paid */
  unitPrice: Type.Integer(),
  /** paise paid for the line after its share of any coupon: what cancelling or receiving it back refunds */
  paidPaise: Type.Integer(),
  /** the coupon that took something off the line, null for none */
  couponCode: Type.Union([Type.String(), Type.Null()]),
  status: LineStatus,
  trackingId: Type.Union([Type.String(), Type.Null()]),
  shippedAt: Type.Union([Timestamp, Type.Null()]),
  deliveredAt: Type.Union([Timestamp, Type.Null()]),
  cancelledAt: Type.Union([Timestamp, Type.Null()]),
  /** the order's shipping address, as checkout took it */
  address: Type.Record(Type.String(), Type.String()),
  /** accepted: null until decided */
  return: Type.Union([
    Type.Object({
      reason: Type.String(),
      requestedAt: Timestamp,
      accepted: Type.Union([Type.Boolean(), Type.Null()]),
    }),
    Type.Null(),
  ]),
  /**
   * the exchange asked of this line (decision 047): the size it is exchanged for, the reason's code,
   * accepted (null until decided) and why it was refunded instead when the size could not be sent
   */
  exchange: Type.Union([
    Type.Object({
      fromSize: Type.String(),
      toSize: Type.String(),
      reasonCode: Type.String(),
      requestedAt: Timestamp,
      accepted: Type.Union([Type.Boolean(), Type.Null()]),
      note: Type.Union([Type.String(), Type.Null()]),
    }),
    Type.Null(),
  ]),
  /** an exchange's new line: the purchase id of the line it replaces, else null */
  exchangeOf: Type.Union([Type.String(), Type.Null()]),
  /** the courier partner's air waybill and courier once the line is booked with it, else null */
  awb: Type.Union([Type.String(), Type.Null()]),
  courier: Type.Union([Type.String(), Type.Null()]),
  /** the partner's reason when it last refused to book the line (or its return pickup); null once booked */
  bookingRefusal: Type.Union([Type.String(), Type.Null()]),
  /** the reverse pickup booked when its return or exchange was accepted, else null */
  returnPickup: Type.Union([Type.Object({ awb: Type.String(), courier: Type.String() }), Type.Null()]),
  /** null for an online order; a cash-on-delivery line's state, deadline and cash (contract/cod.ts) */
  cod: CodLine,
  /** money sent back for this line, oldest first; amount in rupees */
  refunds: Type.Array(
    Type.Object({
      amount: Type.Integer(),
      reason: Type.String(),
      status: Type.Union([Type.Literal('pending'), Type.Literal('processed'), Type.Literal('failed')]),
    }),
  ),
});
export type AdminOrderLine = Static<typeof AdminOrderLine>;

/** next: the `before` of the following page, null on the last one */
export const AdminOrdersResponse = Type.Object({
  lines: Type.Array(AdminOrderLine),
  next: Type.Union([PurchaseId, Type.Null()]),
});
export type AdminOrdersResponse = Static<typeof AdminOrdersResponse>;

/** POST /admin/api/orders/{purchaseId}/ship: placed -> shipped */
export const ShipBody = Type.Object(
  {
    /** the manual way: the tracking id the courier gave */
    trackingId: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
    /** with a courier partner, another courier than the recommended one (GET .../couriers lists them) */
    courierId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  },
  { additionalProperties: false },
);
export type ShipBody = Static<typeof ShipBody>;

/**
 * POST /admin/api/returns/{purchaseId}: return_requested -> returning (accept) or return_rejected; an
 * exchange's exchange_requested -> exchanging or exchange_rejected (decision 047).
 * POST /admin/api/returns/{purchaseId}/receive (no body): returning -> returned, refunding the line's price;
 * an exchange's exchanging -> exchanged (its new line placed) or, when the size can no longer go, returned.
 * POST /admin/api/orders/{purchaseId}/deliver (no body): shipped -> delivered, opening the return window.
 * POST /admin/api/orders/{purchaseId}/cancel (no body): placed | shipped -> cancelled, refunded as the
 * terms say (orders/terms.ts).
 * Unknown purchaseId 404; a line in the wrong state 409.
 */
export const ReturnDecisionBody = Type.Object({ accept: Type.Boolean() }, { additionalProperties: false });
export type ReturnDecisionBody = Static<typeof ReturnDecisionBody>;

// Orders, returns, refunds, reviews and the dashboard ------------------------------------------

/** an id in a path or query string: digits only, since a number type would read "1.5" as 1 */
const IdText = Type.String({ pattern: '^[1-9][0-9]{0,9}$', maxLength: 10 });
const Rupees = Type.Integer();

export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export const RefundStatus = Type.Enum(REFUND_STATUSES);
export type RefundStatus = Static<typeof RefundStatus>;

/**
 * Money going back. purchaseId: the line it refunds (null for an unfilled line or an unplaced payment);
 * orderId: null when the payment made no order. failure: the gateway's last refusal, null once processed.
 * method: `gateway` (sent through the payment gateway), or paid by hand for a COD line: `upi` or `bank`
 * to `destination` (the shopper's UPI ID or bank account), `manual` with no destination yet (decision 069);
 * reference: what staff gave when they marked it paid, null until then and for a gateway refund.
 */
export const AdminRefund = Type.Object({
  id: Type.Integer(),
  purchaseId: Type.Union([Type.String(), Type.Null()]),
  orderId: Type.Union([Type.Integer(), Type.Null()]),
  amount: Rupees,
  status: RefundStatus,
  reason: Type.String(),
  createdAt: Timestamp,
  processedAt: Type.Union([Timestamp, Type.Null()]),
  failure: Type.Union([Type.String(), Type.Null()]),
  method: Type.Enum(REFUND_METHODS),
  destination: Type.Union([RefundDestination, Type.Null()]),
  reference: Type.Union([Type.String(), Type.Null()]),
});
export type AdminRefund = Static<typeof AdminRefund>;

export const OrderParams = Type.Object({ orderId: IdText });
export type OrderParams = Static<typeof OrderParams>;

/**
 * One thing that happened to the order, oldest first: the audit log's entries for its lines and refunds
 * (who: the staff member's name, "Automation" for the token, "Shopper <phone>" for the shopper), and each
 * refund as it stands (who: "Shop"). purchaseId: the line concerned, null for a refund of no line.
 */
export const OrderHistoryEntry = Type.Object({
  at: Timestamp,
  who: Type.String(),
  action: Type.String(),
  purchaseId: Type.Union([Type.String(), Type.Null()]),
  details: Type.Record(Type.String(), Type.Unknown()),
});
export type OrderHistoryEntry = Static<typeof OrderHistoryEntry>;

/**
 * GET /admin/api/orders/{orderId}: 404 for an unknown order. payment.id is the gateway's payment id, null
 * for a cash on delivery order (no payment).
 */
export const AdminOrder = Type.Object({
  orderId: Type.Integer(),
  placedAt: Timestamp,
  customer: Type.Object({ id: Type.Integer(), name: Type.String(), phone: Type.String() }),
  address: Type.Record(Type.String(), Type.String()),
  payment: Type.Object({ id: Type.Union([Type.String(), Type.Null()]), amount: Rupees }),
  /** each with its timeline, as the shopper's Orders shows it */
  lines: Type.Array(Type.Object({ ...AdminOrderLine.properties, timeline: Type.Array(TimelineEvent) })),
  refunds: Type.Array(AdminRefund),
  history: Type.Array(OrderHistoryEntry),
});
export type AdminOrder = Static<typeof AdminOrder>;

/** a return's reason as the queue filters it: a RETURN_REASONS code, or `other` for the spec's free text */
export const RETURN_REASON_FILTERS = [...RETURN_REASON_CODES, 'other'] as const;

/**
 * requested: awaiting a decision; accepted: accepted, awaiting the item back; all: every return and
 * exchange. reason: only those of that reason.
 */
export const ReturnsQuery = Type.Object(
  {
    state: Type.Optional(Type.Enum(['requested', 'accepted', 'all'])),
    reason: Type.Optional(Type.Enum(RETURN_REASON_FILTERS)),
  },
  { additionalProperties: false },
);
export type ReturnsQuery = Static<typeof ReturnsQuery>;

/** the oldest ADMIN_RETURNS_LIMIT returns in the state asked */
export const ADMIN_RETURNS_LIMIT = 200;

/**
 * GET /admin/api/returns: returns and exchanges (kind), oldest first. reason: the shopper's free text ('' when
 * a code says it all; an exchange's is its code's words); reasonCode: a RETURN_REASONS code, null for the
 * spec's free text, whose title is OTHER_REASON_TITLE; comment: the shopper's words beside a code; photo: the
 * URL of the shopper's photo of the item sent with the return, or null; photos: URLs of the shopper's review
 * photos of the product.
 */
export const AdminReturnsResponse = Type.Object({
  returns: Type.Array(
    Type.Object({
      kind: Type.Union([Type.Literal('return'), Type.Literal('exchange')]),
      line: AdminOrderLine,
      reason: Type.String(),
      reasonCode: Type.Union([Type.Enum(RETURN_REASON_CODES), Type.Null()]),
      reasonTitle: Type.String(),
      comment: Type.String(),
      photo: Type.Union([Type.String(), Type.Null()]),
      photos: Type.Array(Type.String()),
      requestedAt: Timestamp,
    }),
  ),
});
export type AdminReturnsResponse = Static<typeof AdminReturnsResponse>;

export const ADMIN_PAGE_SIZE = 50;

/** GET /admin/api/refunds: newest first, ADMIN_PAGE_SIZE at a time; before: the previous page's `next` */
export const RefundsQuery = Type.Object(
  { status: Type.Optional(RefundStatus), before: Type.Optional(IdText) },
  { additionalProperties: false },
);
export type RefundsQuery = Static<typeof RefundsQuery>;

export const AdminRefundsResponse = Type.Object({
  refunds: Type.Array(AdminRefund),
  next: Type.Union([Type.Integer(), Type.Null()]),
});
export type AdminRefundsResponse = Static<typeof AdminRefundsResponse>;

/** POST /admin/api/refunds/{id}/retry (owner only): a failed refund is sent again; 409 unless failed */
export const RefundParams = Type.Object({ id: IdText });
export type RefundParams = Static<typeof RefundParams>;

/** GET /admin/api/reviews: newest first, ADMIN_PAGE_SIZE at a time */
export const ReviewsQuery = Type.Object({ before: Type.Optional(IdText) }, { additionalProperties: false });
export type ReviewsQuery = Static<typeof ReviewsQuery>;

/** photo: the review photo's URL; a hidden review is off the product page and its photo answers 404 */
export const AdminReview = Type.Object({
  id: Type.Integer(),
  productId: Type.Integer(),
  productName: Type.String(),
  customerName: Type.String(),
  rating: Type.Union([Type.Integer(), Type.Null()]),
  text: Type.String(),
  photo: Type.Union([Type.String(), Type.Null()]),
  hidden: Type.Boolean(),
  createdAt: Timestamp,
});
export type AdminReview = Static<typeof AdminReview>;

export const AdminReviewsResponse = Type.Object({
  reviews: Type.Array(AdminReview),
  next: Type.Union([Type.Integer(), Type.Null()]),
});
export type AdminReviewsResponse = Static<typeof AdminReviewsResponse>;

/** POST /admin/api/reviews/{id}/hide and /show (no body): answer the review */
export const ReviewIdParams = Type.Object({ id: IdText });
export type ReviewIdParams = Static<typeof ReviewIdParams>;

const Takings = Type.Object({ orders: Type.Integer(), revenue: Rupees });

/** How many low-stock sizes the dashboard lists; the Low stock screen has them all. */
export const DASHBOARD_LOW_STOCK = 10;

/** the days the dashboard's return rates look back over */
export const RETURN_RATE_DAYS = 30;

/** returned: lines of `delivered` whose return was asked (whatever came of it); percent: one decimal */
const ReturnRate = { returned: Type.Integer(), percent: Type.Number() };

/**
 * Return rates over the lines delivered in the last RETURN_RATE_DAYS days (delivered_at from
 * `since`): the share of them whose return was asked, whether awaiting a decision, accepted, received back
 * or rejected. byGenre: each genre with a delivered line, most returned first; byReason: each reason
 * (reasonCode null for the spec's free text) with a return, over all delivered lines, most first.
 */
export const ReturnRates = Type.Object({
  since: Timestamp,
  delivered: Type.Integer(),
  returned: Type.Integer(),
  percent: Type.Number(),
  byGenre: Type.Array(
    Type.Object({
      userSegment: Type.String(),
      genre: Type.String(),
      delivered: Type.Integer(),
      ...ReturnRate,
    }),
  ),
  byReason: Type.Array(
    Type.Object({
      reasonCode: Type.Union([Type.Enum(RETURN_REASON_CODES), Type.Null()]),
      title: Type.String(),
      ...ReturnRate,
    }),
  ),
});
export type ReturnRates = Static<typeof ReturnRates>;

/** a shipment is stuck when the courier has told nothing of it for longer than this */
export const STUCK_SHIPMENT_HOURS = 48;

/**
 * A parcel (forward) or reverse pickup (return) of a line with no courier event for STUCK_SHIPMENT_HOURS:
 * its AWB and courier, its last status in the courier's words, and since when (ISO) nothing was heard.
 */
export const StuckShipment = Type.Object({
  purchaseId: Type.String(),
  kind: Type.Union([Type.Literal('forward'), Type.Literal('return')]),
  awb: Type.String(),
  courier: Type.String(),
  status: Type.String(),
  since: Type.String(),
});
export type StuckShipment = Static<typeof StuckShipment>;

/**
 * An SMS budget past half its window: `budget` is `shop`, `unknown` (numbers with no account) or `staff`,
 * then `:hour` or `:day`; `used` of `max` SMS so far.
 */
export const SmsBudgetUse = Type.Object({
  budget: Type.String(),
  used: Type.Integer(),
  max: Type.Integer(),
});
export type SmsBudgetUse = Static<typeof SmsBudgetUse>;

/**
 * GET /admin/api/dashboard, in India time days: today's and the last 7 days' (today included) orders and
 * what was paid for them; lines waiting to ship; returns waiting for a decision; the return rates of the
 * last RETURN_RATE_DAYS days; the live products' sizes at or below the low-stock threshold, fewest first;
 * the shipments stuck on their way.
 */
export const DashboardResponse = Type.Object({
  today: Takings,
  week: Takings,
  toShip: Type.Integer(),
  returnsToDecide: Type.Integer(),
  returnRates: ReturnRates,
  lowStock: Type.Array(LowStockSize, { maxItems: DASHBOARD_LOW_STOCK }),
  /** shipments still travelling with no courier event for more than STUCK_SHIPMENT_HOURS, longest quiet first */
  stuckShipments: Type.Array(StuckShipment),
  /** the SMS budgets more than half used: the owner is told before codes are refused */
  smsBudgetsPastHalf: Type.Array(SmsBudgetUse),
  /** the SMS provider (MSG91) while its recent sends failed, so sign-in codes are refused; else null */
  smsProviderFailing: Type.Union([Type.String(), Type.Null()]),
});
export type DashboardResponse = Static<typeof DashboardResponse>;

// Genres not returnable -----------------------------------------------------------------------

/** PUT /admin/api/genres/returnable (staff and owners): false marks the genre not returnable, true undoes it */
export const GenreReturnableBody = Type.Object(
  {
    userSegment: Type.String({ minLength: 1, maxLength: 60 }),
    genre: Type.String({ minLength: 1, maxLength: 60 }),
    returnable: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type GenreReturnableBody = Static<typeof GenreReturnableBody>;
export const GenreReturnable = Type.Object({
  userSegment: Type.String(),
  genre: Type.String(),
  returnable: Type.Boolean(),
});
export type GenreReturnable = Static<typeof GenreReturnable>;

/** GET /admin/api/genres/returnable: every genre of the catalogue (segment, then genre, A to Z) */
export const GenresReturnableResponse = Type.Object({ genres: Type.Array(GenreReturnable) });
export type GenresReturnableResponse = Static<typeof GenresReturnableResponse>;
