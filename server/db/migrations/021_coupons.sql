-- Coupons (issue 28): codes the owner gives out, a shopper's applied code, and each order that used one.
-- A use is counted when its order is placed, by one conditional update of `used`, so a code with N uses
-- left is used exactly N times however many shoppers race for it.
CREATE TABLE coupons (
  id serial PRIMARY KEY,
  -- as the owner typed it; unique regardless of case (coupons_code_key)
  code text NOT NULL CHECK (code ~ '^[A-Za-z0-9]{4,20}$'),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 80),
  kind text NOT NULL CHECK (kind IN ('percent', 'flat')),
  -- a percentage (1-90) or rupees off, by kind
  value integer NOT NULL CHECK (value > 0 AND (kind = 'flat' OR value <= 90)),
  -- a percentage's cap; null: none
  max_discount_paise integer CHECK (max_discount_paise >= 0),
  -- the bag's value after sale prices that it needs
  min_bag_paise integer NOT NULL DEFAULT 0 CHECK (min_bag_paise >= 0),
  -- what it covers, as the contract's OfferScope (sellers by name)
  scope jsonb NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  -- null: no limit
  total_uses integer CHECK (total_uses > 0),
  per_shopper integer NOT NULL DEFAULT 1 CHECK (per_shopper > 0),
  first_order_only boolean NOT NULL DEFAULT false,
  -- whether it also takes off lines already at a sale price
  on_sale_prices boolean NOT NULL DEFAULT true,
  -- switched off by the owner (POST /admin/api/coupons/{id}/disable)
  disabled_at timestamptz,
  -- orders placed with it, less uses given back
  used integer NOT NULL DEFAULT 0 CHECK (used >= 0 AND (total_uses IS NULL OR used <= total_uses)),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at)
);

CREATE UNIQUE INDEX coupons_code_key ON coupons (upper(code));

-- one row per order placed with a coupon; a use given back (the order refused) stays, marked
CREATE TABLE coupon_uses (
  id serial PRIMARY KEY,
  coupon_id integer NOT NULL REFERENCES coupons (id),
  customer_id integer NOT NULL REFERENCES customers (id),
  payment_order_id integer NOT NULL UNIQUE REFERENCES payment_orders (id),
  saving_paise integer NOT NULL CHECK (saving_paise > 0),
  used_at timestamptz NOT NULL DEFAULT now(),
  given_back_at timestamptz
);

-- a shopper's own uses of a coupon, counted under the shopper's lock
CREATE INDEX coupon_uses_shopper_idx ON coupon_uses (coupon_id, customer_id) WHERE given_back_at IS NULL;

-- the code applied to a bag: a customer's, or a visitor's (kept with the session, as the bag is)
CREATE TABLE bag_coupons (
  id serial PRIMARY KEY,
  customer_id integer UNIQUE REFERENCES customers (id) ON DELETE CASCADE,
  session_id text UNIQUE REFERENCES sessions (id) ON DELETE CASCADE,
  coupon_id integer NOT NULL REFERENCES coupons (id),
  applied_at timestamptz NOT NULL DEFAULT now(),
  CHECK (num_nonnulls(customer_id, session_id) = 1)
);

-- the coupon an attempt to pay was priced with: what its lines' paidPaise (in `lines`) already took off
ALTER TABLE payment_orders ADD COLUMN coupon_id integer REFERENCES coupons (id);
ALTER TABLE payment_orders ADD COLUMN coupon_code text;
ALTER TABLE payment_orders ADD COLUMN coupon_paise integer NOT NULL DEFAULT 0 CHECK (coupon_paise >= 0);

-- a paid attempt refused because its coupon's last use went to another shopper first: refunded in full
ALTER TABLE refunds DROP CONSTRAINT refunds_reason_check;
ALTER TABLE refunds ADD CONSTRAINT refunds_reason_check
  CHECK (reason IN ('stock_unavailable', 'cancellation', 'return', 'unplaced_payment', 'coupon_used_up'));
