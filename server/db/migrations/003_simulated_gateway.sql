-- The simulated payment gateway's own books (PAYMENT_PROVIDER=simulated): what Razorpay would keep on
-- its side, kept here so that orders, payments and refunds survive a restart of the server.

CREATE TABLE sim_gateway_orders (
  id text PRIMARY KEY,
  amount_paise integer NOT NULL CHECK (amount_paise > 0),
  currency char(3) NOT NULL,
  receipt text NOT NULL,
  notes jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'attempted', 'paid')),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sim_gateway_payments (
  id text PRIMARY KEY,
  order_id text NOT NULL REFERENCES sim_gateway_orders (id),
  amount_paise integer NOT NULL,
  currency char(3) NOT NULL,
  status text NOT NULL CHECK (status IN ('authorized', 'captured', 'failed', 'refunded')),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX sim_gateway_payments_order_idx ON sim_gateway_payments (order_id);

CREATE TABLE sim_gateway_refunds (
  id text PRIMARY KEY,
  payment_id text NOT NULL REFERENCES sim_gateway_payments (id),
  amount_paise integer NOT NULL CHECK (amount_paise > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX sim_gateway_refunds_payment_idx ON sim_gateway_refunds (payment_id);
