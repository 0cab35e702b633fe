import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

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
}

export interface DeliveryPartnersTable {
  id: Generated<number>;
  code: string;
  name: string;
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
}

export interface SkusTable {
  id: Generated<number>;
  product_id: number;
  size: string;
  position: Generated<number>;
  stock: number;
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
  alt_phone: string | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
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
  id: Generated<string>;
  phone: string;
  code_hash: string;
  client_address: string;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
  failed_attempts: Generated<number>;
  consumed_at: MaybeTimestamp;
}

export interface WishlistItemsTable {
  customer_id: number;
  product_id: number;
  size: Generated<string>;
  created_at: DefaultedTimestamp;
}

export interface CartLinesTable {
  id: Generated<number>;
  customer_id: number;
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
}

export type PaymentOrderStatus = 'created' | 'paid' | 'placed' | 'failed' | 'expired' | 'refunded';

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
}

export interface StockHoldsTable {
  id: Generated<number>;
  payment_order_id: number;
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

export interface OrdersTable {
  id: Generated<number>;
  customer_id: number;
  payment_id: number;
  payment_order_id: number;
  items_old_total_paise: number;
  discount_paise: number;
  delivery_charge_paise: number;
  amount_paise: number;
  address: Json<Record<string, string>>;
  placed_by: 'browser' | 'webhook' | 'reconciler';
  placed_at: DefaultedTimestamp;
}

export type OrderLineStatus =
  | 'placed'
  | 'shipped'
  | 'delivered'
  | 'cancelled'
  | 'return_requested'
  | 'returning'
  | 'returned'
  | 'return_rejected';

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
  status: Generated<OrderLineStatus>;
  tracking_id: string | null;
  shipped_at: MaybeTimestamp;
  delivered_at: MaybeTimestamp;
  cancelled_at: MaybeTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface RefundsTable {
  id: Generated<number>;
  payment_id: number;
  order_line_id: number | null;
  gateway_refund_id: string | null;
  amount_paise: number;
  reason: 'stock_unavailable' | 'cancellation' | 'return' | 'unplaced_payment';
  status: Generated<'pending' | 'processed' | 'failed'>;
  created_at: DefaultedTimestamp;
  /** set while one process sends it to the gateway; a stale claim is taken over */
  claimed_at: MaybeTimestamp;
  processed_at: MaybeTimestamp;
  last_error: string | null;
}

export interface ReturnsTable {
  order_line_id: number;
  reason: string;
  requested_at: DefaultedTimestamp;
  accepted: boolean | null;
  decided_at: MaybeTimestamp;
  received_at: MaybeTimestamp;
}

export interface ReviewsTable {
  customer_id: number;
  product_id: number;
  rating: number | null;
  body: Generated<string>;
  photo: string | null;
  verified_purchase: Generated<boolean>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface WebhookEventsTable {
  event_id: string;
  type: string;
  received_at: DefaultedTimestamp;
}

export interface AuditLogTable {
  id: Generated<string>;
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

export interface RateEventsTable {
  id: Generated<string>;
  bucket: string;
  subject: string;
  at: DefaultedTimestamp;
}

export interface Database {
  sellers: SellersTable;
  delivery_partners: DeliveryPartnersTable;
  pincodes: PincodesTable;
  partner_pincodes: PartnerPincodesTable;
  products: ProductsTable;
  skus: SkusTable;
  customers: CustomersTable;
  sessions: SessionsTable;
  otp_codes: OtpCodesTable;
  wishlist_items: WishlistItemsTable;
  cart_lines: CartLinesTable;
  payment_orders: PaymentOrdersTable;
  stock_holds: StockHoldsTable;
  payments: PaymentsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  refunds: RefundsTable;
  returns: ReturnsTable;
  reviews: ReviewsTable;
  webhook_events: WebhookEventsTable;
  audit_log: AuditLogTable;
  sim_gateway_orders: SimGatewayOrdersTable;
  sim_gateway_payments: SimGatewayPaymentsTable;
  sim_gateway_refunds: SimGatewayRefundsTable;
  rate_events: RateEventsTable;
}

export type Product = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type Customer = Selectable<CustomersTable>;
