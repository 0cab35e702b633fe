-- The whole product's schema. Money is integer paise; times are timestamptz (UTC).
-- Written for both PostgreSQL 15 (production) and PGlite (PostgreSQL 18).

-- Catalogue -------------------------------------------------------------------------------

CREATE TABLE sellers (
  id serial PRIMARY KEY,
  name text NOT NULL,
  city text NOT NULL,
  gstin text
);

CREATE TABLE delivery_partners (
  id serial PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name text NOT NULL
);

CREATE TABLE pincodes (
  pincode char(6) PRIMARY KEY CHECK (pincode ~ '^[1-9][0-9]{5}$'),
  office text,
  district text NOT NULL,
  state text NOT NULL
);

CREATE TABLE partner_pincodes (
  partner_id integer NOT NULL REFERENCES delivery_partners (id) ON DELETE CASCADE,
  pincode char(6) NOT NULL REFERENCES pincodes (pincode) ON DELETE CASCADE,
  PRIMARY KEY (partner_id, pincode)
);

CREATE TABLE products (
  id serial PRIMARY KEY,
  prod text NOT NULL CHECK (prod IN ('apparel', 'accessories')),
  user_segment text NOT NULL,
  genre text NOT NULL,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  seller_id integer NOT NULL REFERENCES sellers (id),
  partner_id integer NOT NULL REFERENCES delivery_partners (id),
  -- colour siblings share a child key; each sibling is its own product in one colour
  child_key text NOT NULL,
  color text NOT NULL,
  -- filterable features: feature name -> list of values, e.g. {"fabric": ["Cotton"], "size": ["S", "M"]}
  features jsonb NOT NULL DEFAULT '{}',
  -- further attributes shown as specifications on the product page
  specs jsonb NOT NULL DEFAULT '{}',
  current_price_paise integer NOT NULL CHECK (current_price_paise > 0),
  old_price_paise integer NOT NULL CHECK (old_price_paise >= current_price_paise),
  discount smallint GENERATED ALWAYS AS (((old_price_paise - current_price_paise) * 100) / old_price_paise) STORED,
  active boolean NOT NULL DEFAULT true,
  photos text[] NOT NULL CHECK (cardinality(photos) BETWEEN 1 AND 5),
  sku text NOT NULL UNIQUE,
  launch_date date NOT NULL DEFAULT CURRENT_DATE,
  weight_cat text NOT NULL DEFAULT 'light',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX products_listing_idx ON products (prod, user_segment, genre, id) WHERE active;
CREATE INDEX products_listing_price_idx ON products (prod, user_segment, genre, current_price_paise, id) WHERE active;
CREATE INDEX products_accessories_idx ON products (id) WHERE active AND prod = 'accessories';
CREATE INDEX products_features_idx ON products USING gin (features jsonb_path_ops);
CREATE INDEX products_child_key_idx ON products (child_key);

-- one row per size of a product (size '' for accessories, which come in one size)
CREATE TABLE skus (
  id serial PRIMARY KEY,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  size text NOT NULL,
  position smallint NOT NULL DEFAULT 0,
  stock integer NOT NULL CHECK (stock >= 0),
  UNIQUE (product_id, size)
);

-- Customers, sessions and one-time codes --------------------------------------------------

CREATE TABLE customers (
  id serial PRIMARY KEY,
  phone char(10) NOT NULL UNIQUE CHECK (phone ~ '^[6-9][0-9]{9}$'),
  email text NOT NULL,
  fname text NOT NULL,
  lname text NOT NULL,
  gender char(1) CHECK (gender IN ('M', 'F')),
  house_no text,
  road_name text,
  area_name text,
  post_office text,
  city text,
  pin char(6),
  alt_phone char(10),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX customers_email_idx ON customers (lower(email));

CREATE TABLE sessions (
  -- sha-256 of the cookie's token: a leaked table does not hand out live sessions
  id text PRIMARY KEY,
  csrf_token text NOT NULL,
  customer_id integer REFERENCES customers (id) ON DELETE CASCADE,
  verified_phone char(10),
  verified_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX sessions_last_seen_idx ON sessions (last_seen_at);

CREATE TABLE otp_codes (
  id bigserial PRIMARY KEY,
  phone char(10) NOT NULL,
  code_hash text NOT NULL,
  client_address text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  failed_attempts smallint NOT NULL DEFAULT 0,
  consumed_at timestamptz
);

CREATE INDEX otp_codes_phone_idx ON otp_codes (phone, created_at);
CREATE INDEX otp_codes_address_idx ON otp_codes (client_address, created_at);

-- Wishlist and cart -----------------------------------------------------------------------

CREATE TABLE wishlist_items (
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  size text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, product_id)
);

CREATE TABLE cart_lines (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  sku_id integer NOT NULL REFERENCES skus (id) ON DELETE CASCADE,
  quantity smallint NOT NULL CHECK (quantity BETWEEN 1 AND 4),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (customer_id, sku_id)
);

-- Payments, holds, orders and refunds -------------------------------------------------------

-- one attempt to pay for a cart: the gateway order, the amount we decided and what it covers
CREATE TABLE payment_orders (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id),
  gateway text NOT NULL,
  gateway_order_id text NOT NULL UNIQUE,
  receipt text NOT NULL UNIQUE,
  amount_paise integer NOT NULL CHECK (amount_paise > 0),
  currency char(3) NOT NULL DEFAULT 'INR',
  delivery_charge_paise integer NOT NULL CHECK (delivery_charge_paise >= 0),
  -- the cart as it was priced: [{skuId, productId, size, quantity, unitPricePaise, unitOldPricePaise}]
  lines jsonb NOT NULL,
  address jsonb NOT NULL,
  status text NOT NULL DEFAULT 'created'
    CHECK (status IN ('created', 'paid', 'placed', 'failed', 'expired', 'refunded')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX payment_orders_customer_idx ON payment_orders (customer_id, created_at);
CREATE INDEX payment_orders_status_idx ON payment_orders (status, updated_at);

-- units set aside while a shopper pays, so nobody else buys them meanwhile
CREATE TABLE stock_holds (
  id serial PRIMARY KEY,
  payment_order_id integer NOT NULL REFERENCES payment_orders (id) ON DELETE CASCADE,
  sku_id integer NOT NULL REFERENCES skus (id) ON DELETE CASCADE,
  quantity smallint NOT NULL CHECK (quantity > 0),
  expires_at timestamptz NOT NULL,
  released_at timestamptz
);

CREATE INDEX stock_holds_live_idx ON stock_holds (sku_id, expires_at) WHERE released_at IS NULL;

CREATE TABLE payments (
  id serial PRIMARY KEY,
  payment_order_id integer NOT NULL REFERENCES payment_orders (id),
  gateway_payment_id text NOT NULL UNIQUE,
  amount_paise integer NOT NULL,
  currency char(3) NOT NULL DEFAULT 'INR',
  status text NOT NULL CHECK (status IN ('authorized', 'captured', 'failed', 'refunded', 'partially_refunded')),
  method text,
  created_at timestamptz NOT NULL DEFAULT now(),
  captured_at timestamptz
);

CREATE TABLE orders (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id),
  -- one order per payment, whoever places it (browser, webhook or reconciler)
  payment_id integer NOT NULL UNIQUE REFERENCES payments (id),
  payment_order_id integer NOT NULL UNIQUE REFERENCES payment_orders (id),
  items_old_total_paise integer NOT NULL,
  discount_paise integer NOT NULL,
  delivery_charge_paise integer NOT NULL,
  amount_paise integer NOT NULL,
  address jsonb NOT NULL,
  placed_by text NOT NULL CHECK (placed_by IN ('browser', 'webhook', 'reconciler')),
  placed_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX orders_customer_idx ON orders (customer_id, placed_at DESC);

CREATE TABLE order_lines (
  id serial PRIMARY KEY,
  purchase_id text NOT NULL UNIQUE,
  order_id integer NOT NULL REFERENCES orders (id),
  product_id integer NOT NULL REFERENCES products (id),
  sku_id integer NOT NULL REFERENCES skus (id),
  size text NOT NULL,
  quantity smallint NOT NULL CHECK (quantity BETWEEN 1 AND 4),
  unit_price_paise integer NOT NULL,
  unit_old_price_paise integer NOT NULL,
  status text NOT NULL DEFAULT 'placed' CHECK (status IN (
    'placed', 'shipped', 'delivered', 'cancelled', 'return_requested', 'returning', 'returned', 'return_rejected'
  )),
  tracking_id text,
  shipped_at timestamptz,
  delivered_at timestamptz,
  cancelled_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX order_lines_order_idx ON order_lines (order_id);

CREATE TABLE refunds (
  id serial PRIMARY KEY,
  payment_id integer NOT NULL REFERENCES payments (id),
  order_line_id integer REFERENCES order_lines (id),
  gateway_refund_id text UNIQUE,
  amount_paise integer NOT NULL CHECK (amount_paise > 0),
  reason text NOT NULL CHECK (reason IN ('stock_unavailable', 'cancellation', 'return', 'unplaced_payment')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processed', 'failed')),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX refunds_payment_idx ON refunds (payment_id);

CREATE TABLE returns (
  order_line_id integer PRIMARY KEY REFERENCES order_lines (id),
  reason text NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT now(),
  accepted boolean,
  decided_at timestamptz,
  received_at timestamptz
);

-- Ratings and reviews: one per shopper and product; a rating may come before the text or photo
CREATE TABLE reviews (
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  rating smallint CHECK (rating BETWEEN 1 AND 5),
  body text NOT NULL DEFAULT '',
  photo text,
  verified_purchase boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, product_id)
);

CREATE INDEX reviews_product_idx ON reviews (product_id, updated_at DESC);

-- Operations ------------------------------------------------------------------------------------

CREATE TABLE webhook_events (
  event_id text PRIMARY KEY,
  type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  actor text NOT NULL,
  action text NOT NULL,
  subject text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
