import { type Static, Type } from 'typebox';
import { HANDOVER_DAYS } from './courier-constants.ts';

/**
 * The shop's sellers as the back office keeps them (decision 030): whose goods a
 * product is and whose GST registration its tax invoice names. Staff read them; the owner adds, edits,
 * deactivates and activates them. A deactivated seller's live products leave the shop until it is
 * activated again.
 */

const Text = (maxLength: number) => Type.String({ maxLength });

export const SellerAddressBody = Type.Object(
  {
    line1: Text(200),
    line2: Type.Optional(Text(200)),
    city: Text(100),
    /** 6 digits; the seller's state follows from it */
    pincode: Text(20),
  },
  { additionalProperties: false },
);

/**
 * POST /admin/api/sellers, PUT /admin/api/sellers/{id}: the whole seller each time (a PUT replaces every
 * field; an omitted `address.line2`, `phone` or `email` clears it). Field errors answer 400 `{error, fields}` keyed by these
 * names, nested ones as `address.pincode`.
 */
export const SellerBody = Type.Object(
  {
    /** what the shop and the product form call the seller; unique regardless of case */
    name: Text(100),
    /** as the GST registration names it: invoices print it */
    legalName: Text(200),
    address: SellerAddressBody,
    /** 15 characters, checked as the GST portal does (state code, the PAN inside, check character) */
    gstin: Text(20),
    pan: Text(20),
    /** the seller's contact: a 10-digit Indian mobile number (+91 and spaces allowed) */
    phone: Type.Optional(Text(20)),
    email: Type.Optional(Text(254)),
    /** business days from an order to the courier's pickup (spec: 0 to 7); omitted is the default, 2 */
    handoverDays: Type.Optional(Type.Integer({ minimum: HANDOVER_DAYS.min, maximum: HANDOVER_DAYS.max })),
  },
  {
    additionalProperties: false,
    description:
      'The whole seller: PUT replaces every field (an omitted address.line2, phone or email clears it; an omitted handoverDays is 2)',
  },
);
export type SellerBody = Static<typeof SellerBody>;

const Nullable = (schema: ReturnType<typeof Type.String>) => Type.Union([schema, Type.Null()]);

export const Seller = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  legalName: Nullable(Type.String()),
  address: Type.Object({
    line1: Nullable(Type.String()),
    line2: Nullable(Type.String()),
    city: Type.String(),
    pincode: Nullable(Type.String()),
  }),
  /** the state's name as India's pincode list spells it, from the pincode */
  state: Nullable(Type.String()),
  gstin: Nullable(Type.String()),
  pan: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  /** false: deactivated, its products off the shop */
  active: Type.Boolean(),
  /** business days from an order to the courier's pickup, 0 to 7 */
  handoverDays: Type.Integer(),
  /** its products on sale now */
  activeProducts: Type.Integer(),
  /** its products taken off the shop when it was deactivated, which activating brings back */
  pausedProducts: Type.Integer(),
  /** the shop's commission on its sales, 0 to 50 with at most two decimals (PUT .../commission sets it) */
  commissionPercent: Type.Number(),
});
export type Seller = Static<typeof Seller>;

export const SellerList = Type.Object({ sellers: Type.Array(Seller) });
export type SellerList = Static<typeof SellerList>;

export const SellerParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
