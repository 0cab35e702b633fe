import { type Static, Type } from 'typebox';
import { OfferScope, OfferStateValue, OfferTitle } from './offers.ts';
import { COUPON_CODE_PATTERN, MAX_PERCENT_OFF } from './offers-constants.ts';

/**
 * Coupons (decision 043): the back office's codes, the bag's
 * list and apply, and the report of every offer. Money is whole rupees.
 */

export const CouponCode = Type.String({ pattern: COUPON_CODE_PATTERN });
const When = Type.String({ format: 'date-time', maxLength: 40 });
const Rupees = Type.Integer({ minimum: 0, maximum: 10_000_000 });

/** POST and PUT /admin/api/coupons(/{id}); `value` is a percentage (1-90) or rupees off, by `kind` */
export const CouponBody = Type.Object(
  {
    code: CouponCode,
    title: OfferTitle,
    kind: Type.Union([Type.Literal('percent'), Type.Literal('flat')]),
    value: Type.Integer({ minimum: 1, maximum: 10_000_000 }),
    /** a percentage coupon's cap in rupees */
    maxDiscount: Type.Optional(Rupees),
    /** the bag's value (after sale prices) it needs, in rupees */
    minBag: Type.Optional(Rupees),
    scope: OfferScope,
    startsAt: When,
    endsAt: When,
    /** uses in all; absent: no limit */
    totalUses: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000_000 })),
    perShopper: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    firstOrderOnly: Type.Optional(Type.Boolean()),
    /** whether it also applies to lines already at a sale price */
    onSalePrices: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CouponBody = Static<typeof CouponBody>;

export const Coupon = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  title: Type.String(),
  kind: Type.Union([Type.Literal('percent'), Type.Literal('flat')]),
  value: Type.Integer(),
  maxDiscount: Type.Union([Type.Integer(), Type.Null()]),
  minBag: Type.Integer(),
  scope: OfferScope,
  startsAt: Type.String(),
  endsAt: Type.String(),
  totalUses: Type.Union([Type.Integer(), Type.Null()]),
  perShopper: Type.Integer(),
  firstOrderOnly: Type.Boolean(),
  onSalePrices: Type.Boolean(),
  /** orders placed with it (uses given back not counted) */
  uses: Type.Integer(),
  state: OfferStateValue,
});
export type Coupon = Static<typeof Coupon>;

export const CouponsResponse = Type.Array(Coupon);
export type CouponsResponse = Static<typeof CouponsResponse>;

export { MAX_PERCENT_OFF };

/** GET /admin/api/offers/report: what each sale and coupon did */
export const OfferReportLine = Type.Object({
  kind: Type.Union([Type.Literal('sale'), Type.Literal('coupon')]),
  id: Type.Integer(),
  title: Type.String(),
  code: Type.Optional(Type.String()),
  state: OfferStateValue,
  /** order lines (sales) or orders (coupons) it priced */
  uses: Type.Integer(),
  /** rupees taken off by it */
  discountGiven: Type.Integer(),
  /** rupees paid for what it priced */
  salesValue: Type.Integer(),
});
export const OfferReportResponse = Type.Array(OfferReportLine);
export type OfferReportResponse = Static<typeof OfferReportResponse>;

// The shopper's bag (checkout step 1) ----------------------------------------------------------------

/** GET /api/coupons: the coupons for the current bag, best saving first */
export const BagCoupon = Type.Object({
  code: Type.String(),
  title: Type.String(),
  /** rupees it takes off this bag (0 when not applicable) */
  saving: Type.Integer(),
  applicable: Type.Boolean(),
  /** why not, as a sentence for the shopper ("Add ₹240 more to use FLAT200"); null when applicable */
  reason: Type.Union([Type.String(), Type.Null()]),
});
export const BagCouponsResponse = Type.Array(BagCoupon);
export type BagCouponsResponse = Static<typeof BagCouponsResponse>;

/** POST /api/coupons/apply; codes are case-insensitive */
export const ApplyCouponBody = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 40 }) },
  { additionalProperties: false },
);
export type ApplyCouponBody = Static<typeof ApplyCouponBody>;
export const AppliedCoupon = Type.Object({ code: Type.String(), saving: Type.Integer({ minimum: 1 }) });
export type AppliedCoupon = Static<typeof AppliedCoupon>;
/** DELETE /api/coupons/apply: the bag has no code now */
export const CouponRemoved = Type.Object({});

/** `coupon` on GET /api/purchasePage */
export const BagCouponApplied = Type.Union([
  Type.Object({ code: Type.String(), title: Type.String(), saving: Type.Integer() }),
  Type.Null(),
]);

/**
 * `breakdown` on GET /api/purchasePage (rupees): `discount` and `coupon` negative or 0, so that
 * amount = totalMrp + discount + coupon + delivery
 */
export const BagBreakdown = Type.Object({
  totalMrp: Type.Integer(),
  discount: Type.Integer(),
  coupon: Type.Integer(),
  delivery: Type.Integer(),
  amount: Type.Integer(),
});
export type BagBreakdown = Static<typeof BagBreakdown>;
