/**
 * The shop's own details (contract/shop.ts) as plain values, so the web apps import them without TypeBox.
 */

/** The policy pages whose text the owner edits, in the order the shop lists them. */
export const POLICY_PAGES = ['terms', 'privacy', 'payment', 'cancellation', 'shipping', 'contact'] as const;
export type PolicyPage = (typeof POLICY_PAGES)[number];

/** Each page's heading, as the spec names it. */
export const POLICY_TITLES: Record<PolicyPage, string> = {
  terms: 'Terms of use',
  privacy: 'Privacy policy',
  payment: 'Payment policy',
  cancellation: 'Cancellation & return policy',
  shipping: 'Shipping policy',
  contact: 'Contact us',
};

/** the name a shop has until its owner names it */
export const DEFAULT_SHOP_NAME = 'haat';

/** What the owner's Markdown may write to have the shop's current value put in its place. */
export const POLICY_PLACEHOLDERS = [
  '{shop}',
  '{legalName}',
  '{legalForm}',
  '{supportEmail}',
  '{supportPhone}',
  '{supportHours}',
  '{deliveryCharge}',
  '{freeDeliveryAbove}',
  '{returnWindow}',
  '{exchangeWindow}',
  '{freeCancellation}',
  '{cancellationCharge}',
  // cash on delivery (contract cash-on-delivery.md): the fee, the cap, and words that follow the settings
  '{codFee}',
  '{codMaxOrderValue}',
  '{paymentWays}',
  '{cashOnDelivery}',
  '{cashOnDeliveryRefunds}',
] as const;

/** The legal forms an owner may name, each with the words the shop's pages write for it. */
export const LEGAL_FORMS = {
  proprietorship: 'Proprietorship',
  partnership: 'Partnership firm',
  llp: 'Limited Liability Partnership (LLP)',
  private_limited: 'Private Limited Company',
  public_limited: 'Public Limited Company',
  one_person_company: 'One Person Company (OPC)',
} as const;
export type LegalForm = keyof typeof LEGAL_FORMS;
export const LEGAL_FORM_KEYS = Object.keys(LEGAL_FORMS) as LegalForm[];

export const SHOP_LIMITS = {
  name: 60,
  /** the owner's words: the "about" line, the footer, the home page's title and meta description */
  about: 300,
  footerText: 500,
  pageTitle: 70,
  metaDescription: 160,
  legalName: 150,
  /** lines of the registered office's address, and characters per line */
  officeLines: 6,
  officeLine: 120,
  supportHours: 120,
  /** characters of one policy page's Markdown */
  policy: 50_000,
  /** whole rupees: ₹10,00,000 and ₹2,00,00,000, as the database allows */
  deliveryCharge: 1_000_000,
  freeDeliveryAbove: 20_000_000,
} as const;

/** The shop's support phone (10 digits) as a shopper dials it: +91 and the digits in two groups. */
export const phoneText = (digits: string) => `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;

/** What the home page's head says: the owner's words, else the shop's name alone (nothing added). */
interface HomeWords {
  name: string;
  pageTitle: string | null;
  metaDescription: string | null;
  about: string | null;
}

/** The home page's whole <title>: `pageTitle`, else the shop's name. */
export const homeTitle = (shop: HomeWords) => shop.pageTitle ?? shop.name;

/** The home page's meta description: `metaDescription`, else `about`, else the shop's name. */
export const homeDescription = (shop: HomeWords) => shop.metaDescription ?? shop.about ?? shop.name;

/**
 * The banner on every page of the shop and of the back office while no real money can move (GET
 * /api/shop's `testMode`: the simulated gateway, or Razorpay's test keys).
 */
export const TEST_MODE_BANNER =
  'TEST MODE: no real money moves here. Orders and payments are only for trying the shop out.';
