import { type Static, Type } from 'typebox';

/**
 * Paying for the bag. Amounts here are paise, as Razorpay's; the server decides every
 * amount from the shopper's own bag (a client amount that differs is refused).
 */

// POST /create-order (login required) -------------------------------------------------------------

/**
 * `amount` must equal the bag's amount to pay in paise (priceDetails.amountToPay * 100), or the answer
 * is 409 {error} and nothing is held: the web app then reloads the bag.
 * `receipt` and `notes` are accepted for Razorpay's shape but not used: the receipt (`rcpt_…`) and the
 * notes sent to the gateway are ours.
 * The shipping address is the one on the shopper's profile (step 2 saves it with /editProfile first);
 * a profile without houseNo, roadName, areaName, city or pin is a 400 naming the first missing field.
 * Other answers: 409 for an empty bag, 409 for a bag of more than ORDER_MAX_UNITS units or above
 * ORDER_MAX_RUPEES to pay, and 409 when a line's units are not available because others hold them
 * (nothing is held then, and no money moves). On success the account's earlier unpaid attempt lets go
 * of its units and the bag's are held until `heldUntil`: STOCK_HOLD_MINUTES from the account's first
 * unpaid attempt in a row (decision 054). Accepted calls are limited to 10 per shopper per 15 minutes:
 * 429 {error, retryAfter} after that.
 */
export const CreateOrderBody = Type.Object(
  {
    amount: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
    currency: Type.Literal('INR'),
    receipt: Type.Optional(Type.String({ maxLength: 40 })),
    notes: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { additionalProperties: false },
);
export type CreateOrderBody = Static<typeof CreateOrderBody>;
/**
 * the gateway's order, which the checkout window pays; `key` is the gateway's public key id and
 * `provider` says which checkout window to open (Razorpay's, or the simulated one of development)
 */
export const CreateOrderResponse = Type.Object({
  id: Type.String(),
  amount: Type.Integer(),
  currency: Type.String(),
  key: Type.String(),
  provider: Type.Union([Type.Literal('razorpay'), Type.Literal('simulated')]),
  /**
   * when the attempt's hold on its units ends (ISO 8601, UTC): STOCK_HOLD_MINUTES after the account's
   * first unpaid attempt in a row (decision 054); a later attempt keeps that end, even once it has passed
   */
  heldUntil: Type.String({ format: 'date-time' }),
});
export type CreateOrderResponse = Static<typeof CreateOrderResponse>;

export const EMPTY_BAG_MESSAGE = 'Your cart is empty';
export const AMOUNT_CHANGED_MESSAGE = 'The amount to pay has changed; please review your cart';

// POST /verify-payment (login required) -----------------------------------------------------------

const GatewayId = Type.String({ maxLength: 100 });

/** what the checkout window hands back on success, as Razorpay's handler receives it */
export const CheckoutResult = Type.Object(
  { razorpay_order_id: GatewayId, razorpay_payment_id: GatewayId, razorpay_signature: GatewayId },
  { additionalProperties: false },
);
export type CheckoutResult = Static<typeof CheckoutResult>;
export const VerifyPaymentBody = CheckoutResult;
export type VerifyPaymentBody = CheckoutResult;

/**
 * `ok` only when the signature over OUR stored order id is genuine and the gateway confirms a captured
 * (or authorized) payment of that order for its exact amount and currency. An order id of another
 * shopper (or none) is `failed` too, telling nothing about it. 502 {error} when the gateway cannot be asked.
 */
export const VerifyPaymentResponse = Type.Union([
  Type.Object({ status: Type.Literal('ok'), paymentId: Type.String() }),
  Type.Object({ status: Type.Literal('failed') }),
]);
export type VerifyPaymentResponse = Static<typeof VerifyPaymentResponse>;

// POST /api/payments/release (login required) -------------------------------------------------------

/** The checkout window failed or was closed: the shopper's units go back. Another shopper's order is a 404. */
export const ReleaseBody = Type.Object({ orderId: GatewayId }, { additionalProperties: false });
export type ReleaseBody = Static<typeof ReleaseBody>;
/** released: units were still held for this order and are now free */
export const ReleaseResponse = Type.Object({ released: Type.Boolean() });
export type ReleaseResponse = Static<typeof ReleaseResponse>;

// Development only (PAYMENT_PROVIDER=simulated, never in production) ---------------------------------

/**
 * POST /api/dev/pay: the simulated checkout window pays (or fails to pay) a gateway order. Any client
 * may call it, as anyone may pay on Razorpay's page. 'failure' records a failed payment and answers its
 * ids with an empty signature (Razorpay sends none for a failed payment), so /verify-payment says failed.
 * 404 for an unknown order, 409 for one already paid. A success also sends the signed payment.captured
 * webhook to POST /api/webhooks/razorpay just after answering, as Razorpay does; `webhook: false` skips
 * it, as when Razorpay's delivery is lost.
 */
export const DevPayBody = Type.Object(
  {
    orderId: GatewayId,
    outcome: Type.Union([Type.Literal('success'), Type.Literal('failure')]),
    webhook: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type DevPayBody = Static<typeof DevPayBody>;
export const DevPayResponse = CheckoutResult;

export const DevPaymentParams = Type.Object({ paymentId: GatewayId });
/** GET /api/dev/payments/{paymentId}: status as Razorpay's (captured, failed, refunded), amounts in paise */
export const DevPaymentResponse = Type.Object({
  status: Type.String(),
  amount: Type.Integer(),
  refunds: Type.Array(Type.Object({ amount: Type.Integer() })),
});
export type DevPaymentResponse = Static<typeof DevPaymentResponse>;

// POST /api/purchasePage, header key=checkOut (login required) ---------------------------------------

/**
 * Places the order that a verified payment paid for. Only `razorpay_payment_id` decides: the order is
 * built from what was priced and held at /create-order, never from the `prods` or `userInfo` sent here,
 * which are accepted for the spec's shape and ignored. Answers depend only on the payment: `{}` once
 * its order exists (whoever placed it: this call, the webhook or the reconciler), `{refundMessage}` when
 * any line could not be filled and was refunded. A payment id the gateway does not know, or another
 * shopper's, is a 404; a payment that is not captured for the exact amount is a 409.
 */
export const CheckOutBody = Type.Object(
  {
    razorpay_payment_id: GatewayId,
    orderId: Type.Optional(Type.Union([GatewayId, Type.Integer()])),
    prods: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 200 })),
    userInfo: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { additionalProperties: false },
);
export type CheckOutBody = Static<typeof CheckOutBody>;
export const REFUND_MESSAGE =
  "Some of your item's stock was over while processing payment, we have initiated the refund";
/** the order was refused: the coupon it was priced with had no use left for the shopper when it was paid */
export const COUPON_REFUND_MESSAGE =
  'Your coupon could no longer be used when your payment came in (its last use had gone, or you had used it already): nothing was ordered, and we have initiated a full refund';
export const CheckOutResponse = Type.Object({ refundMessage: Type.Optional(Type.String()) });
export type CheckOutResponse = Static<typeof CheckOutResponse>;

/** POST /api/webhooks/razorpay: what the shop made of the event (Razorpay only needs the 200) */
export const WebhookResponse = Type.Object({
  status: Type.Union([
    Type.Literal('placed'),
    Type.Literal('ignored'),
    Type.Literal('unconfirmed'),
    Type.Literal('duplicate'),
  ]),
});
