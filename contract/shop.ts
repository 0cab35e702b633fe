import { type Static, type TSchema, Type } from 'typebox';
import { LEGAL_FORM_KEYS, type LegalForm, SHOP_LIMITS } from './shop-constants.ts';

/**
 * The shop's own details, policy pages and delivery charge (decision 026): what its
 * pages, heads, invoices and SMS name, read from the database and edited by the owner.
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** one of LEGAL_FORMS' keys */
const LegalFormValue = Type.Unsafe<LegalForm>(Type.Union(LEGAL_FORM_KEYS.map((form) => Type.Literal(form))));
/** The owner's rules (contract/shopping-rules.ts): what a new order keeps. */
const ShopRulesSchema = Type.Object({
  /** days after delivery a return may be asked; 0: no returns */
  returnWindowDays: Type.Integer(),
  /** days after delivery an exchange may be asked; 0: no exchanges */
  exchangeWindowDays: Type.Integer(),
  /** hours after ordering a cancellation is free; 0: every cancellation is charged */
  freeCancellationHours: Type.Integer(),
  /** of what was paid for a line, kept when it is cancelled later */
  cancellationChargePercent: Type.Integer(),
});

// GET /api/shop ---------------------------------------------------------------------------------------

export const ShopDetails = Type.Object({
  /** 'haat' until the owner names the shop */
  name: Type.String(),
  legalName: Nullable(Type.String()),
  /** the logo as the shop shows it (`/images/logo/{file}?w=…`), null without one */
  logoUrl: Nullable(Type.String()),
  gstin: Nullable(Type.String()),
  officeAddress: Type.Array(Type.String()),
  supportEmail: Nullable(Type.String()),
  /** 10 digits */
  supportPhone: Nullable(Type.String()),
  supportHours: Nullable(Type.String()),
  /** whole rupees: charged when the bag comes to freeDeliveryAbove or less after discount */
  deliveryCharge: Type.Integer(),
  freeDeliveryAbove: Type.Integer(),
  /** the owner's words, each null until set */
  about: Nullable(Type.String()),
  footerText: Nullable(Type.String()),
  /** the home page's whole <title> (the shop's name while null) */
  pageTitle: Nullable(Type.String()),
  metaDescription: Nullable(Type.String()),
  legalForm: Nullable(LegalFormValue),
  /** the legal form as the pages write it, e.g. 'Private Limited Company' */
  legalFormText: Nullable(Type.String()),
  ...ShopRulesSchema.properties,
  /** whether the shop offers cash on delivery at all (the owner's codEnabled); GET /api/cod/eligibility says where and why */
  cashOnDelivery: Type.Boolean(),
});
export type ShopDetails = Static<typeof ShopDetails>;

/** GET /api/shop: the shop's details, and whether it runs in test mode (TEST_MODE_BANNER on every page). */
export const PublicShop = Type.Object({
  ...ShopDetails.properties,
  /** true while no real money can move: the simulated gateway, or Razorpay keys starting rzp_test_ */
  testMode: Type.Boolean(),
});
export type PublicShop = Static<typeof PublicShop>;

// GET /api/policies/{page} ----------------------------------------------------------------------------

export const PolicyParams = Type.Object({ page: Type.String({ maxLength: 40 }) });
export type PolicyParams = Static<typeof PolicyParams>;

export const PolicyResponse = Type.Object({
  title: Type.String(),
  /** sanitised HTML from the owner's Markdown (or the spec's text): no script, no raw HTML */
  html: Type.String(),
});
export type PolicyResponse = Static<typeof PolicyResponse>;

// GET and PUT /admin/api/shop (owner only) ------------------------------------------------------------

const PolicyTexts = Type.Object({
  terms: Type.String(),
  privacy: Type.String(),
  payment: Type.String(),
  cancellation: Type.String(),
  shipping: Type.String(),
  contact: Type.String(),
});

/** The shop as the owner edits it: every page's Markdown (the spec's text until changed), the logo's name. */
export const AdminShop = Type.Object({
  ...ShopDetails.properties,
  /** null until the owner names the shop (the shop then shows 'haat') */
  name: Nullable(Type.String()),
  /** an uploaded photo's name (POST /admin/api/products/photos) */
  logo: Nullable(Type.String()),
  policies: PolicyTexts,
  /** the pages whose text the owner changed; the others show the spec's text */
  changedPolicies: Type.Array(Type.String()),
});
export type AdminShop = Static<typeof AdminShop>;

/** A field the PUT may leave out (kept), or clear with null or ''. */
const Clearable = <T extends TSchema>(schema: T) => Type.Optional(Nullable(schema));
const Text = (maxLength: number) => Type.String({ maxLength });

/** Any subset of the fields; a page's Markdown null or '' goes back to the spec's text. */
export const ShopUpdate = Type.Object(
  {
    name: Clearable(Text(SHOP_LIMITS.name)),
    legalName: Clearable(Text(SHOP_LIMITS.legalName)),
    logo: Clearable(Text(200)),
    gstin: Clearable(Text(20)),
    officeAddress: Clearable(Type.Array(Text(SHOP_LIMITS.officeLine), { maxItems: SHOP_LIMITS.officeLines })),
    supportEmail: Clearable(Text(254)),
    supportPhone: Clearable(Text(20)),
    supportHours: Clearable(Text(SHOP_LIMITS.supportHours)),
    about: Clearable(Text(SHOP_LIMITS.about)),
    footerText: Clearable(Text(SHOP_LIMITS.footerText)),
    pageTitle: Clearable(Text(SHOP_LIMITS.pageTitle)),
    metaDescription: Clearable(Text(SHOP_LIMITS.metaDescription)),
    /** one of LEGAL_FORMS' keys (checked by the service, which names the field) */
    legalForm: Clearable(Text(40)),
    policies: Type.Optional(
      Type.Object(
        {
          terms: Clearable(Text(SHOP_LIMITS.policy)),
          privacy: Clearable(Text(SHOP_LIMITS.policy)),
          payment: Clearable(Text(SHOP_LIMITS.policy)),
          cancellation: Clearable(Text(SHOP_LIMITS.policy)),
          shipping: Clearable(Text(SHOP_LIMITS.policy)),
          contact: Clearable(Text(SHOP_LIMITS.policy)),
        },
        { additionalProperties: false },
      ),
    ),
    deliveryCharge: Type.Optional(Type.Integer()),
    freeDeliveryAbove: Type.Optional(Type.Integer()),
  },
  { additionalProperties: false },
);
export type ShopUpdate = Static<typeof ShopUpdate>;

// GET and PUT /admin/api/settings (owner only) --------------------------------------------------------

export const ShopSettings = Type.Object({
  /** the back office's low-stock list shows sizes at or below this many units */
  lowStockThreshold: Type.Integer(),
  /** whole rupees (the spec's ₹50 and ₹500 until changed) */
  deliveryCharge: Type.Integer(),
  freeDeliveryAbove: Type.Integer(),
  ...ShopRulesSchema.properties,
  /** cash on delivery (issue 39): on or off, the fee and the largest order value in whole rupees, and the
   * refused deliveries after which a shopper is no longer offered it (COD_LIMITS, cod-constants.ts) */
  codEnabled: Type.Boolean(),
  codFee: Type.Integer(),
  codMaxOrderValue: Type.Integer(),
  codRtoLimit: Type.Integer(),
});
export type ShopSettings = Static<typeof ShopSettings>;

/** Any subset of the settings; those left out keep their values. */
export const SettingsUpdate = Type.Object(
  {
    lowStockThreshold: Type.Optional(Type.Integer()),
    deliveryCharge: Type.Optional(Type.Integer()),
    freeDeliveryAbove: Type.Optional(Type.Integer()),
    returnWindowDays: Type.Optional(Type.Integer()),
    exchangeWindowDays: Type.Optional(Type.Integer()),
    freeCancellationHours: Type.Optional(Type.Integer()),
    cancellationChargePercent: Type.Optional(Type.Integer()),
    codEnabled: Type.Optional(Type.Boolean()),
    codFee: Type.Optional(Type.Integer()),
    codMaxOrderValue: Type.Optional(Type.Integer()),
    codRtoLimit: Type.Optional(Type.Integer()),
  },
  { additionalProperties: false },
);
export type SettingsUpdate = Static<typeof SettingsUpdate>;
