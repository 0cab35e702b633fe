import type { ColumnType, Generated, Insertable, Kysely, Selectable } from 'kysely';
import type { FitAnswer, ReturnReasonCode } from '../../contract/fit-returns-constants.ts';
import type { OfferScopeValue } from '../../contract/offers-constants.ts';
import type { LegalForm } from '../../contract/shop-constants.ts';
import type { WindowLink } from '../../contract/shop-window-constants.ts';

/** Table types for Kysely, matching migrations/*.sql. */

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type MaybeTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

export type Features = Record<string, string[]>;
export type Specs = Record<string, string>;

export interface SellersTable {
  id: Generated<number>;
  name: string;
  city: string;
  gstin: string | null;
  /** as the GST registration names the seller, its address and state (migration 010) */
  legal_name: string | null;
  address: string | null;
  pincode: string | null;
  state: string | null;
  /** the second address line, PAN, contact and whether its products are on sale (migration 015) */
  address_line2: ColumnType<string | null, string | null | undefined, string | null>;
  pan: ColumnType<string | null, string | null | undefined, string | null>;
  phone: ColumnType<string | null, string | null | undefined, string | null>;
  email: ColumnType<string | null, string | null | undefined, string | null>;
  active: Generated<boolean>;
  /** written by the demo catalogue (server/demo/), removed with it (migration 015) */
  demo: Generated<boolean>;
  /** business days from an order to the courier's pickup, 0 to 7 (migration 029) */
  handover_days: Generated<number>;
  /** the commission the shop takes of each sale, in basis points (1250 is 12.5%), 0 to 5000 (044_owners_books.sql) */
  commission_bp: Generated<number>;
}

export interface DeliveryPartnersTable {
  id: Generated<number>;
  code: string;
  name: string;
  /** the courier's tracking page with `{trackingId}` in it (008_notifications.sql); null when none */
  tracking_url: Generated<string | null>;
  demo: Generated<boolean>;
  /** the partner's promise in business days from order to delivery, both or neither (migration 038) */
  min_days: ColumnType<number | null, number | null | undefined, number | null>;
  max_days: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface PincodesTable {
  pincode: string;
  office: string | null;
  district: string;
  state: string;
}

export interface PartnerPincodesTable {
  partner_id: number;
  pincode: string;
  /** the partner collects cash on delivery there (039_cash_on_delivery.sql) */
  cod: Generated<boolean>;
}

export interface ProductsTable {
  id: Generated<number>;
  prod: 'apparel' | 'accessories';
  user_segment: string;
  genre: string;
  name: string;
  description: Generated<string>;
  seller_id: number;
  partner_id: number;
  child_key: string;
  color: string;
  features: Json<Features>;
  specs: Json<Specs>;
  current_price_paise: number;
  old_price_paise: number;
  discount: ColumnType<number, never, never>;
  active: Generated<boolean>;
  photos: string[];
  sku: string;
  launch_date: ColumnType<Date, Date | string | undefined, Date | string>;
  weight_cat: Generated<string>;
  created_at: DefaultedTimestamp;
  /** the folded words a search reads (generated, migration 009) */
  search_terms: ColumnType<string[], never, never>;
  /** the HSN code that decides the GST rate (migration 010) */
  hsn_code: ColumnType<string | null, string | null | undefined, string | null>;
  demo: Generated<boolean>;
  /** off the shop because its seller was deactivated, not withdrawn by the owner (migration 015) */
  paused_with_seller: Generated<boolean>;
  /** the transaction that last wrote the row, set by a trigger (migration 013); null before any */
  revision: ColumnType<number | null, never, never>;
  /** a unit's packed weight and size, null while unset (migration 038) */
  weight_grams: ColumnType<number | null, number | null | undefined, number | null>;
  length_cm: ColumnType<number | null, number | null | undefined, number | null>;
  breadth_cm: ColumnType<number | null, number | null | undefined, number | null>;
  height_cm: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Products deleted, and the transaction that deleted them, written by a trigger (migration 016). */
export interface RemovedProductsTable {
  id: number;
  revision: number;
}

/** Words a shopper may type for one thing: each word and its canonical word (migration 009). */
export interface SearchSynonymsTable {
  word: string;
  canonical: string;
}

/** Every word of the catalogue once, kept by a trigger on products (migration 009). */
export interface SearchWordsTable {
  word: string;
}

export interface SkusTable {
  id: Generated<number>;
  product_id: number;
  size: string;
  position: Generated<number>;
  stock: number;
}

/** The shop's settings the owner changes in the back office: one row (migration 011). */
export interface ShopSettingsTable {
  id: Generated<boolean>;
  low_stock_threshold: Generated<number>;
  /** the shop's own details (migration 015): null until the owner sets them */
  name: ColumnType<string | null, string | null | undefined, string | null>;
  legal_name: ColumnType<string | null, string | null | undefined, string | null>;
  logo: ColumnType<string | null, string | null | undefined, string | null>;
  gstin: ColumnType<string | null, string | null | undefined, string | null>;
  office_address: Generated<string[]>;
  support_email: ColumnType<string | null, string | null | undefined, string | null>;
  support_phone: ColumnType<string | null, string | null | undefined, string | null>;
  support_hours: ColumnType<string | null, string | null | undefined, string | null>;
  /** the owner's Markdown per policy page; a page not here shows the spec's text */
  policies: ColumnType<Record<string, string>, string | undefined, string>;
  delivery_charge_paise: Generated<number>;
  free_delivery_above_paise: Generated<number>;
  /** the owner's words (migration 036): null until set */
  about: ColumnType<string | null, string | null | undefined, string | null>;
  footer_text: ColumnType<string | null, string | null | undefined, string | null>;
  page_title: ColumnType<string | null, string | null | undefined, string | null>;
  meta_description: ColumnType<string | null, string | null | undefined, string | null>;
  legal_form: ColumnType<LegalForm | null, LegalForm | null | undefined, LegalForm | null>;
  /** the owner's rules (037_shop_rules.sql): return and exchange windows in days, free cancellation in hours */
  return_window_days: Generated<number>;
  exchange_window_days: Generated<number>;
  free_cancellation_hours: Generated<number>;
  /** of what was paid for a line, kept when it is cancelled after free_cancellation_hours */
  cancellation_charge_percent: Generated<number>;
  /** cash on delivery (039_cash_on_delivery.sql): on or off, the fee and the cap in whole rupees, refusals */
  cod_enabled: Generated<boolean>;
  cod_fee: Generated<number>;
  cod_max_order_value: Generated<number>;
  cod_rto_limit: Generated<number>;
  updated_at: DefaultedTimestamp;
}

export interface CustomersTable {
  id: Generated<number>;
  phone: string;
  email: string;
  fname: string;
  lname: string;
  gender: 'M' | 'F' | null;
  house_no: string | null;
  road_name: string | null;
  area_name: string | null;
  post_office: string | null;
  city: string | null;
  pin: string | null;
  state: string | null;
  alt_phone: string | null;
  /** the shopper wants the non-essential SMS (shipped, delivered); 008_notifications.sql */
  sms_updates: Generated<boolean>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
  demo: Generated<boolean>;
}

export interface SessionsTable {
  id: string;
  customer_id: number | null;
  verified_phone: string | null;
  verified_until: MaybeTimestamp;
  created_at: DefaultedTimestamp;
  last_seen_at: DefaultedTimestamp;
}

export interface OtpCodesTable {
  id: Generated<number>;
  phone: string;
  code_hash: string;
  client_address: string;
  /** 'shopper' or 'staff' (017_otp_purpose.sql): each purpose's codes are counted and checked apart */
  purpose: Generated<'shopper' | 'staff'>;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
  failed_attempts: Generated<number>;
  consumed_at: MaybeTimestamp;
  /** the haat_bid of the browser that asked (031_signed_in_browsers.sql): only it may verify the code */
  browser_id: Generated<string>;
  /** sent on that browser's own allowance: left out of the phone's ceiling and the network's counts */
  allowance: Generated<boolean>;
}

/** A browser that has signed in with a phone (031_signed_in_browsers.sql): it keeps a code allowance. */
export interface SignedInBrowsersTable {
  browser_id: string;
  phone: string;
  purpose: 'shopper' | 'staff';
  last_signed_in_at: DefaultedTimestamp;
}

export interface WishlistItemsTable {
  /** the owner: a customer, or a visitor's session (014_guest_bag.sql); exactly one is set */
  customer_id: number | null;
  session_id: string | null;
  product_id: number;
  size: Generated<string>;
  created_at: DefaultedTimestamp;
  /** the product's price when it was wished (019_back_in_stock.sql) */
  wished_price_paise: number;
}

export interface BagLinesTable {
  id: Generated<number>;
  /** the owner: a customer, or a visitor's session (014_guest_bag.sql); exactly one is set */
  customer_id: number | null;
  session_id: string | null;
  sku_id: number;
  quantity: number;
  created_at: DefaultedTimestamp;
}

export interface PricedLine {
  skuId: number;
  productId: number;
  size: string;
  quantity: number;
  unitPricePaise: number;
  unitOldPricePaise: number;
  /**
   * what is paid for the line, all its pieces, after its share of the attempt's coupon (migration 021,
   * decision 042); absent on snapshots without a coupon, and made before coupons: the price times the quantity
   */
  paidPaise?: number;
  /** the sale whose price `unitPricePaise` is (decision 041); absent or null: none, or a snapshot made before */
  saleId?: number | null;
  /** the shop's own price of one piece, before any sale; absent on snapshots made before sales */
  ownPricePaise?: number;
}

export type PaymentOrderStatus = 'created' | 'paid' | 'placed' | 'failed' | 'expired' | 'refunded';
/** An attempt in these states has not been paid yet, as far as we know. */
export const UNPAID: PaymentOrderStatus[] = ['created', 'failed', 'expired'];

export interface PaymentOrdersTable {
  id: Generated<number>;
  customer_id: number;
  gateway: string;
  gateway_order_id: string;
  receipt: string;
  amount_paise: number;
  currency: Generated<string>;
  delivery_charge_paise: number;
  lines: Json<PricedLine[]>;
  address: Json<Record<string, string>>;
  status: Generated<PaymentOrderStatus>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
  /** the coupon the attempt was priced with, its code then, and its saving (021_coupons.sql) */
  coupon_id: ColumnType<number | null, number | null | undefined, number | null>;
  coupon_code: ColumnType<string | null, string | null | undefined, string | null>;
  coupon_paise: Generated<number>;
}

export interface StockHoldsTable {
  id: Generated<number>;
  /** the checkout attempt holding the units; null for an exchange's hold (028_exchanges.sql) */
  payment_order_id: number | null;
  sku_id: number;
  quantity: number;
  expires_at: Timestamp;
  released_at: MaybeTimestamp;
}

export interface PaymentsTable {
  id: Generated<number>;
  payment_order_id: number;
  gateway_payment_id: string;
  amount_paise: number;
  currency: Generated<string>;
  status: 'authorized' | 'captured' | 'failed' | 'refunded' | 'partially_refunded';
  method: string | null;
  created_at: DefaultedTimestamp;
  captured_at: MaybeTimestamp;
}

export type PaymentMethod = 'online' | 'cod';

export interface OrdersTable {
  id: Generated<number>;
  customer_id: number;
  /** null for a cash-on-delivery order, which has no payment (039_cash_on_delivery.sql) */
  payment_id: ColumnType<number | null, number | null | undefined, number | null>;
  payment_order_id: number;
  items_old_total_paise: number;
  discount_paise: number;
  delivery_charge_paise: number;
  amount_paise: number;
  /** what the coupon took off the placed lines, in all (022_paid_lines.sql) */
  coupon_paise: Generated<number>;
  address: Json<Record<string, string>>;
  placed_by: 'browser' | 'webhook' | 'reconciler';
  placed_at: DefaultedTimestamp;
  /** the shop's rules when the order was placed (037_shop_rules.sql), which it keeps */
  return_window_days: Generated<number>;
  exchange_window_days: Generated<number>;
  free_cancellation_hours: Generated<number>;
  cancellation_charge_percent: Generated<number>;
  payment_method: Generated<PaymentMethod>;
  /** the COD fee the order's amount includes; 0 for an online order */
  cod_fee_paise: Generated<number>;
}

/** A COD order's confirmation by the code sent to the shopper's phone (039_cash_on_delivery.sql). */
export interface CodConfirmationsTable {
  order_id: number;
  code_hash: string;
  code_sent_at: DefaultedTimestamp;
  wrong_tries: Generated<number>;
  confirm_by: Timestamp;
  confirmed_at: MaybeTimestamp;
  /** cancelled by the shop on its own, still unconfirmed at confirm_by */
  lapsed_at: MaybeTimestamp;
}

/** A delivered COD line's cash as the courier's remittance file gave it (039_cash_on_delivery.sql). */
export interface CodRemittancesTable {
  order_line_id: number;
  amount_paise: number;
  remitted_on: ColumnType<Date, string, string>;
  reference: string;
  applied_by: string;
  applied_at: DefaultedTimestamp;
}

export type OrderLineStatus =
  | 'placed'
  | 'shipped'
  | 'delivered'
  | 'cancelled'
  | 'return_requested'
  | 'returning'
  | 'returned'
  | 'return_rejected'
  | 'exchange_requested'
  | 'exchanging'
  | 'exchanged'
  | 'exchange_rejected'
  | 'returned_to_origin';

export interface OrderLinesTable {
  id: Generated<number>;
  purchase_id: string;
  order_id: number;
  product_id: number;
  sku_id: number;
  size: string;
  quantity: number;
  unit_price_paise: number;
  unit_old_price_paise: number;
  /** what was paid for the line after its share of a coupon: what cancelling or returning it refunds */
  paid_paise: number;
  /** the coupon that took something off the line; null for none */
  coupon_code: string | null;
  /** the sale whose price the line was sold at; null for none (023_sale_lines.sql) */
  sale_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** what the sale took off the whole line: (own price - sale price) x quantity */
  sale_saving_paise: Generated<number>;
  status: Generated<OrderLineStatus>;
  tracking_id: string | null;
  shipped_at: MaybeTimestamp;
  delivered_at: MaybeTimestamp;
  cancelled_at: MaybeTimestamp;
  updated_at: DefaultedTimestamp;
  /** the line this one replaces, as an exchange's new size (028_exchanges.sql); null for a line bought */
  exchange_of: ColumnType<number | null, number | null | undefined, number | null>;
  /** the courier partner's reason when it last refused to book the line (030_shipments.sql) */
  booking_refusal: ColumnType<string | null, string | null | undefined, string | null>;
  /** the cash a COD line's parcel collects; null for an online line (039_cash_on_delivery.sql) */
  cod_collect_paise: ColumnType<number | null, number | null | undefined, number | null>;
  /** when the shopper refused the COD parcel at the door (RTO), counted once per line */
  cod_refused_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** the seller's commission when the line was placed, in basis points (044_owners_books.sql) */
  commission_bp: Generated<number>;
  /** when the line's return window was ended before its time (the dev route); null while it runs its course */
  return_window_ended_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** 042_refunds_by_hand.sql adds `manual`: paid by hand, no destination given */
export type RefundMethod = 'gateway' | 'upi' | 'bank' | 'manual';
export type RefundDestination =
  | { upiId: string }
  | { accountNumber: string; ifsc: string; accountHolder: string };

export interface RefundsTable {
  id: Generated<number>;
  /** null for a COD refund, paid by hand to `destination` (039_cash_on_delivery.sql) */
  payment_id: ColumnType<number | null, number | null | undefined, number | null>;
  order_line_id: number | null;
  gateway_refund_id: string | null;
  amount_paise: number;
  /** coupon_used_up: the order was refused, its coupon's last use gone to another shopper (021_coupons.sql) */
  reason: 'stock_unavailable' | 'cancellation' | 'return' | 'unplaced_payment' | 'coupon_used_up';
  status: Generated<'pending' | 'processed' | 'failed'>;
  created_at: DefaultedTimestamp;
  /** set while one process sends it to the gateway; a stale claim is taken over */
  claimed_at: MaybeTimestamp;
  processed_at: MaybeTimestamp;
  last_error: string | null;
  method: Generated<RefundMethod>;
  destination: ColumnType<RefundDestination | null, string | null | undefined, string | null>;
  /** the bank or UPI reference staff gave when they paid a COD refund */
  reference: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ReturnsTable {
  order_line_id: number;
  reason: string;
  requested_at: DefaultedTimestamp;
  accepted: boolean | null;
  decided_at: MaybeTimestamp;
  received_at: MaybeTimestamp;
  /** 027_return_reasons.sql: a RETURN_REASONS code, null for the spec's free text ("Other") */
  reason_code: Generated<ReturnReasonCode | null>;
  comment: Generated<string>;
  /** the shopper's photo of the item, a review image file (decision 046) */
  photo: Generated<string | null>;
  /** where a returned COD line's refund goes (039_cash_on_delivery.sql); null for an online line */
  refund_to: ColumnType<RefundDestination | null, string | null | undefined, string | null>;
}

/** A genre the back office marked not returnable (027_return_reasons.sql). */
export interface NonReturnableGenresTable {
  user_segment: string;
  genre: string;
  marked_by: string;
  marked_at: DefaultedTimestamp;
}

/** An apparel segment of the owner's categories, in menu order (035_categories.sql). */
export interface CategorySegmentsTable {
  name: string;
  position: number;
  /** added by the demo's seed, removed with the demo */
  demo: Generated<boolean>;
}

/** A segment's genre, in order within it; one-size: its products have one unsized stock (035_categories.sql). */
export interface CategoryGenresTable {
  user_segment: string;
  name: string;
  position: number;
  one_size: Generated<boolean>;
  demo: Generated<boolean>;
}

/** An exchange asked of a delivered line (028_exchanges.sql, decision 047). */
export interface ExchangesTable {
  order_line_id: number;
  size: string;
  /** the held units of the new size; null once the size itself was removed */
  hold_id: number | null;
  reason_code: string;
  requested_at: Timestamp;
  accepted: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  decided_at: MaybeTimestamp;
  received_at: MaybeTimestamp;
  refund_note: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ReviewsTable {
  /** the back office's name for the review (007_back_office.sql) */
  id: Generated<number>;
  customer_id: number;
  product_id: number;
  rating: number | null;
  body: Generated<string>;
  photo: string | null;
  verified_purchase: Generated<boolean>;
  /** hidden by the back office: off the product page and its rating, its photo not served */
  hidden: Generated<boolean>;
  /** how the product fits, as the shopper says (026_review_fit.sql); null when not said */
  fit: ColumnType<FitAnswer | null, FitAnswer | null | undefined, FitAnswer | null>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
  demo: Generated<boolean>;
}

/** A parcel booked through the courier partner (030_shipments.sql): a line's, or its reverse pickup. */
export interface ShipmentsTable {
  id: Generated<number>;
  order_line_id: number;
  kind: 'forward' | 'return';
  partner_order_id: string;
  partner_shipment_id: string;
  awb: string;
  courier_id: number;
  courier: string;
  /** the partner's last status, in its words (e.g. 'PICKED UP') */
  status: string;
  status_at: Date;
  /** the last event or poll: polling asks after shipments quiet for too long */
  heard_at: Date;
  pickup_scheduled_at: MaybeTimestamp;
  /** nothing more to track */
  done: Generated<boolean>;
  created_at: DefaultedTimestamp;
}

/** Each tracking event of a shipment, once. */
export interface ShipmentEventsTable {
  id: Generated<number>;
  shipment_id: number;
  status: string;
  happened_at: Date;
  location: string | null;
  received_at: DefaultedTimestamp;
}

/** A Shiprocket scan, as the local fake keeps it. */
export interface SimCourierScan {
  status: string;
  /** YYYY-MM-DD HH:mm:ss, India time, as Shiprocket writes it */
  date: string;
  location: string;
}

/** The local fake of Shiprocket's orders and shipments (decision 048). */
export interface SimCourierShipmentsTable {
  shipment_id: Generated<number>;
  order_id: string;
  channel_order_id: string;
  is_return: Generated<boolean>;
  pickup_pincode: string;
  delivery_pincode: string;
  weight_kg: ColumnType<string, number | string, number | string>;
  /** the parcel's size as the booking gave it (migration 038) */
  length_cm: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  breadth_cm: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  height_cm: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  /** how the parcel is paid, and the rupees a COD parcel's courier collects (migration 041) */
  payment_method: Generated<'COD' | 'Prepaid'>;
  sub_total: ColumnType<string, number | string | undefined, number | string>;
  awb: string | null;
  courier_id: number | null;
  courier_name: string | null;
  pickup_scheduled: Generated<boolean>;
  scans: ColumnType<SimCourierScan[], string | undefined, string>;
  status: Generated<string>;
  created_at: DefaultedTimestamp;
}

export interface WebhookEventsTable {
  event_id: string;
  type: string;
  received_at: DefaultedTimestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor: string;
  action: string;
  subject: string;
  details: Json<Record<string, unknown>>;
  created_at: DefaultedTimestamp;
}

/** The simulated gateway's books (003_simulated_gateway.sql): Razorpay's side of a payment, kept locally. */
export interface SimGatewayOrdersTable {
  id: string;
  amount_paise: number;
  currency: string;
  receipt: string;
  notes: Json<Record<string, string>>;
  status: Generated<'created' | 'attempted' | 'paid'>;
  created_at: DefaultedTimestamp;
}

export interface SimGatewayPaymentsTable {
  id: string;
  order_id: string;
  amount_paise: number;
  currency: string;
  status: 'authorized' | 'captured' | 'failed' | 'refunded';
  created_at: DefaultedTimestamp;
}

export interface SimGatewayRefundsTable {
  id: string;
  payment_id: string;
  amount_paise: number;
  receipt: string | null;
  created_at: DefaultedTimestamp;
}

/** Back-office people and their sessions (006_staff.sql). */
export type StaffRole = 'owner' | 'staff';

export interface StaffTable {
  id: Generated<number>;
  phone: string;
  name: string;
  role: StaffRole;
  created_at: DefaultedTimestamp;
  removed_at: MaybeTimestamp;
}

export interface StaffSessionsTable {
  id: string;
  staff_id: number;
  created_at: DefaultedTimestamp;
  last_seen_at: DefaultedTimestamp;
}

/** Passkeys (032_passkeys.sql): each person's WebAuthn user handle, their credentials, open challenges. */
export interface PasskeyUsersTable {
  handle: string;
  staff_id: number | null;
  customer_id: number | null;
}

export interface PasskeysTable {
  id: string;
  staff_id: number | null;
  customer_id: number | null;
  public_key: Uint8Array;
  sign_count: Generated<number>;
  transports: ColumnType<string[], string[] | undefined, string[]>;
  name: string;
  created_at: DefaultedTimestamp;
  last_used_at: MaybeTimestamp;
}

export type PasskeyKind = 'staff' | 'shopper';
export type PasskeyPurpose = 'register' | 'sign-in';

export interface PasskeyChallengesTable {
  challenge: string;
  purpose: PasskeyPurpose;
  kind: PasskeyKind;
  browser_id: string;
  person_id: number | null;
  expires_at: Date;
}

/** The SMS outbox (008_notifications.sql): written with the change it tells of, sent by a worker. */
export interface NotificationsTable {
  id: Generated<number>;
  idempotency_key: string;
  customer_id: number;
  phone: string;
  template: string;
  variables: Json<Record<string, string>>;
  text: string;
  status: Generated<'pending' | 'sent'>;
  attempts: Generated<number>;
  next_attempt_at: DefaultedTimestamp;
  last_error: string | null;
  created_at: DefaultedTimestamp;
  sent_at: MaybeTimestamp;
}

/** A customer waiting for a sold-out size (019_back_in_stock.sql); told once, then notified_at is set. */
export interface BackInStockRequestsTable {
  id: Generated<number>;
  customer_id: number;
  sku_id: number;
  created_at: DefaultedTimestamp;
  notified_at: MaybeTimestamp;
}

export interface RateEventsTable {
  id: Generated<number>;
  bucket: string;
  subject: string;
  at: DefaultedTimestamp;
}

/** The last serial of a seller's invoices or credit notes in a financial year (migration 010). */
export interface DocumentSeriesTable {
  seller_id: number;
  kind: 'invoice' | 'credit_note';
  financial_year: string;
  last_serial: number;
}

/** A tax invoice or credit note as issued: `document` is what its PDF shows (migration 010). */
interface TaxDocumentColumns {
  id: Generated<number>;
  number: string;
  seller_id: number;
  financial_year: string;
  serial: number;
  issued_at: Timestamp;
  document: ColumnType<unknown, string, never>;
  /** the document's PDF, kept once rendered (033_document_pdfs.sql); PGlite reads bytea as a Uint8Array */
  pdf: ColumnType<Uint8Array | null, Uint8Array | null | undefined, Uint8Array>;
}

/** A festive sale (migration 020): a percentage off what its scope covers, from its start to its end. */
export interface SalesTable {
  id: Generated<number>;
  title: string;
  percent_off: number;
  /** the contract's OfferScope, with the ids its seller names had when saved (offers/sales-store.ts) */
  scope: Json<StoredScope>;
  starts_at: Timestamp;
  ends_at: Timestamp;
  stopped_at: MaybeTimestamp;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

/** An offer's scope as stored: as the owner gave it, and `sellerIds` each of its `sellers`' id when saved. */
export type StoredScope = OfferScopeValue & { sellerIds?: Record<string, number> };

export interface InvoicesTable extends TaxDocumentColumns {
  order_id: number;
}

export interface CreditNotesTable extends TaxDocumentColumns {
  refund_id: number;
  invoice_id: number;
}

/** Coupons (021_coupons.sql): the codes, the orders that used them, and the code applied to a bag. */
export type CouponKind = 'percent' | 'flat';

export interface CouponsTable {
  id: Generated<number>;
  code: string;
  title: string;
  kind: CouponKind;
  value: number;
  max_discount_paise: number | null;
  min_bag_paise: number;
  /** the contract's OfferScope, with the ids its seller names had when saved (as sales keep theirs) */
  scope: Json<StoredScope>;
  starts_at: Timestamp;
  ends_at: Timestamp;
  total_uses: number | null;
  per_shopper: number;
  first_order_only: boolean;
  on_sale_prices: boolean;
  disabled_at: MaybeTimestamp;
  used: Generated<number>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface CouponUsesTable {
  id: Generated<number>;
  coupon_id: number;
  customer_id: number;
  payment_order_id: number;
  saving_paise: number;
  used_at: DefaultedTimestamp;
  given_back_at: MaybeTimestamp;
}

export interface BagCouponsTable {
  id: Generated<number>;
  /** the owner: a customer, or a visitor's session; exactly one is set */
  customer_id: number | null;
  session_id: string | null;
  coupon_id: number;
  applied_at: DefaultedTimestamp;
}

/** A genre's size chart, or a seller's for the genre (025_size_charts.sql). */
export interface SizeChartsTable {
  id: Generated<number>;
  user_segment: string;
  genre: string;
  seller_id: number | null;
  measurements: Json<string[]>;
  rows: Json<{ size: string; values: number[] }[]>;
  how_to_measure: string;
  updated_at: DefaultedTimestamp;
}

/** The home page's slides and tiles as the owner saved them (034_shop_window.sql). */
export interface ShopWindowItemsTable {
  id: Generated<number>;
  kind: 'slide' | 'tile';
  position: number;
  title: string;
  text: Generated<string>;
  photo: string | null;
  link: Json<WindowLink>;
  demo: Generated<boolean>;
}

/** What the owner paid a seller for a settlement period (044_owners_books.sql) */
export interface SellerPayoutsTable {
  id: Generated<number>;
  seller_id: number;
  /** YYYY-MM: the month (India time) its lines were delivered in */
  period: string;
  amount_paise: number;
  /** the bank's reference, unique over every payout */
  utr: string;
  paid_at: DefaultedTimestamp;
  /** 'admin' or 'staff:<id>', as the audit log names who did it */
  paid_by: string;
}

/** The ledger lines a payout paid, each once */
export interface PayoutLinesTable {
  order_line_id: number;
  payout_id: number;
  net_paise: number;
}

export interface Database {
  sellers: SellersTable;
  delivery_partners: DeliveryPartnersTable;
  pincodes: PincodesTable;
  partner_pincodes: PartnerPincodesTable;
  products: ProductsTable;
  removed_products: RemovedProductsTable;
  search_synonyms: SearchSynonymsTable;
  search_words: SearchWordsTable;
  skus: SkusTable;
  shop_settings: ShopSettingsTable;
  customers: CustomersTable;
  sessions: SessionsTable;
  otp_codes: OtpCodesTable;
  signed_in_browsers: SignedInBrowsersTable;
  wishlist_items: WishlistItemsTable;
  cart_lines: BagLinesTable;
  payment_orders: PaymentOrdersTable;
  stock_holds: StockHoldsTable;
  payments: PaymentsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  seller_payouts: SellerPayoutsTable;
  payout_lines: PayoutLinesTable;
  refunds: RefundsTable;
  returns: ReturnsTable;
  exchanges: ExchangesTable;
  reviews: ReviewsTable;
  webhook_events: WebhookEventsTable;
  audit_log: AuditLogTable;
  sim_gateway_orders: SimGatewayOrdersTable;
  sim_gateway_payments: SimGatewayPaymentsTable;
  sim_gateway_refunds: SimGatewayRefundsTable;
  rate_events: RateEventsTable;
  notifications: NotificationsTable;
  back_in_stock_requests: BackInStockRequestsTable;
  non_returnable_genres: NonReturnableGenresTable;
  category_segments: CategorySegmentsTable;
  category_genres: CategoryGenresTable;
  staff: StaffTable;
  staff_sessions: StaffSessionsTable;
  passkey_users: PasskeyUsersTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  document_series: DocumentSeriesTable;
  invoices: InvoicesTable;
  credit_notes: CreditNotesTable;
  sales: SalesTable;
  coupons: CouponsTable;
  coupon_uses: CouponUsesTable;
  bag_coupons: BagCouponsTable;
  size_charts: SizeChartsTable;
  shipments: ShipmentsTable;
  shipment_events: ShipmentEventsTable;
  sim_courier_shipments: SimCourierShipmentsTable;
  shop_window_items: ShopWindowItemsTable;
  cod_confirmations: CodConfirmationsTable;
  cod_remittances: CodRemittancesTable;
}

/** The database handle every store takes, typed by the tables above. */
export type Db = Kysely<Database>;

export type Product = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type Customer = Selectable<CustomersTable>;
