import { type Static, Type } from 'typebox';
import { COD_STATES } from './cod-constants.ts';
import { BagBreakdown } from './coupons.ts';

/**
 * Cash on delivery (shared/contracts/cash-on-delivery.md, decision 069). Settings, the breakdown and
 * refunds in whole rupees as the shop's JSON speaks them; fields named `…Paise` in integer paise.
 */

export * from './cod-constants.ts';

const Timestamp = Type.String();
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

// The COD state of an order line: `cod` on GET /api/orders and the back office's orders ----------------

/**
 * null for an online order. state: awaiting_confirmation (placed, code not given), to_collect
 * (confirmed), cash_due (delivered: the courier owes the cash), cash_received (the courier's remittance
 * matched), not_collected (cancelled or returned to origin). collectPaise: the cash the courier collects
 * with the line's parcel (its paidPaise, plus the order's delivery charge and COD fee on the first of the
 * order's lines to ship).
 */
export const CodLine = Nullable(
  Type.Object({
    state: Type.Enum(COD_STATES),
    confirmBy: Timestamp,
    collectPaise: Type.Integer({ minimum: 0 }),
  }),
);
export type CodLine = Static<typeof CodLine>;

// GET /api/cod/eligibility (login required) ------------------------------------------------------------

export const EligibilityQuery = Type.Object(
  { pincode: Type.Optional(Type.String({ maxLength: 20 })) },
  { additionalProperties: false },
);
export type EligibilityQuery = Static<typeof EligibilityQuery>;

/** the bag's breakdown with the COD fee: amount = totalMrp + discount + coupon + delivery + codFee */
export const CodBreakdown = Type.Object({ ...BagBreakdown.properties, codFee: Type.Integer() });
export type CodBreakdown = Static<typeof CodBreakdown>;

/** reason: null when available, else the first sentence that applies (cod-constants.ts) */
export const Eligibility = Type.Object({
  available: Type.Boolean(),
  reason: Nullable(Type.String()),
  fee: Type.Integer(),
  breakdown: CodBreakdown,
});
export type Eligibility = Static<typeof Eligibility>;

// POST /api/cod/orders (login required, CSRF) ------------------------------------------------------------

/** amount: paise, the eligibility breakdown's amount x 100 */
export const PlaceCodBody = Type.Object(
  { amount: Type.Integer({ minimum: 1, maximum: 100_000_000 }) },
  { additionalProperties: false },
);
export type PlaceCodBody = Static<typeof PlaceCodBody>;

/** 201: amount in rupees including the COD fee; confirmBy ISO */
export const PlacedCodOrder = Type.Object({
  orderId: Type.Integer(),
  purchaseIds: Type.Array(Type.String()),
  amount: Type.Integer(),
  confirmBy: Timestamp,
});
export type PlacedCodOrder = Static<typeof PlacedCodOrder>;

// POST /api/cod/orders/{orderId}/confirm and /code (login required, CSRF) --------------------------------

export const CodOrderParams = Type.Object({ orderId: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }) });
export type CodOrderParams = Static<typeof CodOrderParams>;

export const ConfirmCodBody = Type.Object(
  { code: Type.String({ pattern: '^[0-9]{6}$' }) },
  { additionalProperties: false },
);
export type ConfirmCodBody = Static<typeof ConfirmCodBody>;
export const ConfirmCodResponse = Type.Object({ confirmed: Type.Literal(true) });
export const ResendCodResponse = Type.Object({ sent: Type.Literal(true), resendAfter: Type.Integer() });

// POST /return's refundTo for a COD line -----------------------------------------------------------------

/**
 * What a COD line's refund goes to: POST /return's `refundTo` (contract/orders.ts's ReturnBody), which the
 * server checks part by part (so that each wrong part is named in `fields`), and a refund's `destination`.
 */
export const RefundDestination = Type.Union([
  Type.Object({ upiId: Type.String() }),
  Type.Object({ accountNumber: Type.String(), ifsc: Type.String(), accountHolder: Type.String() }),
]);
export type RefundDestination = Static<typeof RefundDestination>;

// POST /admin/api/refunds/{id}/paid (staff and owners) -----------------------------------------------

export const RefundPaidBody = Type.Object(
  { reference: Type.Optional(Type.String({ maxLength: 1000 })) },
  { additionalProperties: false },
);
export type RefundPaidBody = Static<typeof RefundPaidBody>;

// GET /admin/api/cod/outstanding (staff and owners) ------------------------------------------------------

/**
 * deliveredAt: the order's earliest delivery still unremitted. Each line also names the courier that
 * carried it (`courier`: the courier partner's courier, or for a line shipped by hand its delivery
 * partner), so the back office can total the cash by courier.
 */
export const OutstandingOrder = Type.Object({
  orderId: Type.Integer(),
  customer: Type.Object({ name: Type.String(), phone: Type.String() }),
  deliveredAt: Timestamp,
  amountPaise: Type.Integer(),
  lines: Type.Array(
    Type.Object({
      purchaseId: Type.String(),
      awb: Nullable(Type.String()),
      amountPaise: Type.Integer(),
      courier: Type.String(),
    }),
  ),
});
export const OutstandingResponse = Type.Object({
  totalPaise: Type.Integer(),
  orders: Type.Array(OutstandingOrder),
});
export type OutstandingResponse = Static<typeof OutstandingResponse>;

// POST /admin/api/cod/remittances?mode=dry-run|apply (owner only; multipart CSV in `file`) -----------------

export const RemittanceQuery = Type.Object({
  mode: Type.Union([Type.Literal('dry-run'), Type.Literal('apply')]),
});
export type RemittanceQuery = Static<typeof RemittanceQuery>;

export const RemittanceReport = Type.Object({
  rows: Type.Integer(),
  matched: Type.Array(
    Type.Object({ awb: Type.String(), purchaseId: Type.String(), amountPaise: Type.Integer() }),
  ),
  mismatched: Type.Array(
    Type.Object({
      awb: Type.String(),
      purchaseId: Nullable(Type.String()),
      expectedPaise: Nullable(Type.Integer()),
      remittedPaise: Type.Integer(),
      reason: Type.String(),
    }),
  ),
  errors: Type.Array(Type.String()),
  applied: Type.Boolean(),
});
export type RemittanceReport = Static<typeof RemittanceReport>;

/** Apply refused for the file's format errors: the dry run's report, with the reason. */
export const RemittanceRefused = Type.Object({ error: Type.String(), ...RemittanceReport.properties });

// GET /api/dev/courier/{awb} (development only, this machine) ----------------------------------------------

export const DevCourierBooking = Type.Object({
  awb: Type.String(),
  status: Type.String(),
  payment_method: Type.Union([Type.Literal('COD'), Type.Literal('Prepaid')]),
  sub_total: Type.Number(),
});
export type DevCourierBooking = Static<typeof DevCourierBooking>;
