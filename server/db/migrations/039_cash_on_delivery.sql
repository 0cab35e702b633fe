-- Cash on delivery (issue 39, shared/contracts/cash-on-delivery.md, decision 069). A COD order is placed at
-- once with no payment, confirmed by a code sent by SMS, collected by the courier at the door, remitted to
-- the shop later and reconciled from the courier's remittance file.

-- The owner's controls: off in a new shop (the demo switches it on), the fee and the cap in whole rupees
ALTER TABLE shop_settings
  ADD COLUMN cod_enabled boolean NOT NULL DEFAULT false,
  ADD COLUMN cod_fee integer NOT NULL DEFAULT 49 CHECK (cod_fee BETWEEN 0 AND 1000),
  ADD COLUMN cod_max_order_value integer NOT NULL DEFAULT 5000 CHECK (cod_max_order_value BETWEEN 1 AND 1000000),
  ADD COLUMN cod_rto_limit integer NOT NULL DEFAULT 2 CHECK (cod_rto_limit BETWEEN 1 AND 20);

-- Where a partner collects cash: the pincode CSV's `cod` column (a file without it: everywhere it serves)
ALTER TABLE partner_pincodes ADD COLUMN cod boolean NOT NULL DEFAULT true;

-- A COD order has no payment; its attempt (payment_orders, gateway 'cod') still carries its lines, holds
-- and coupon use as an online attempt does. Its amount includes the COD fee.
ALTER TABLE orders ALTER COLUMN payment_id DROP NOT NULL;
ALTER TABLE orders
  ADD COLUMN payment_method text NOT NULL DEFAULT 'online' CHECK (payment_method IN ('online', 'cod')),
  ADD COLUMN cod_fee_paise integer NOT NULL DEFAULT 0 CHECK (cod_fee_paise >= 0),
  ADD CONSTRAINT orders_paid_online CHECK (payment_method = 'cod' OR payment_id IS NOT NULL);

-- The confirmation of a COD order: its code (hashed), the window and what became of it
CREATE TABLE cod_confirmations (
  order_id integer PRIMARY KEY REFERENCES orders (id),
  code_hash text NOT NULL,
  code_sent_at timestamptz NOT NULL DEFAULT now(),
  wrong_tries smallint NOT NULL DEFAULT 0,
  confirm_by timestamptz NOT NULL,
  confirmed_at timestamptz,
  -- cancelled by the shop on its own, unconfirmed at confirm_by
  lapsed_at timestamptz
);

CREATE INDEX cod_confirmations_due_idx ON cod_confirmations (confirm_by)
  WHERE confirmed_at IS NULL AND lapsed_at IS NULL;

-- A COD line: the cash its parcel collects (its paid_paise, plus the order's delivery charge and COD fee
-- on the first line to ship), and when the shopper refused it at the door (counted once per line)
ALTER TABLE order_lines
  ADD COLUMN cod_collect_paise integer CHECK (cod_collect_paise >= 0),
  ADD COLUMN cod_refused_at timestamptz;

ALTER TABLE order_lines DROP CONSTRAINT order_lines_status_check;
ALTER TABLE order_lines ADD CONSTRAINT order_lines_status_check CHECK (status IN (
  'placed', 'shipped', 'delivered', 'cancelled', 'return_requested', 'returning', 'returned', 'return_rejected',
  'exchange_requested', 'exchanging', 'exchanged', 'exchange_rejected', 'returned_to_origin'
));

CREATE INDEX order_lines_cod_refused_idx ON order_lines (order_id) WHERE cod_refused_at IS NOT NULL;

-- The courier's remittance of a delivered COD line's cash, as the owner's applied file gave it
CREATE TABLE cod_remittances (
  order_line_id integer PRIMARY KEY REFERENCES order_lines (id),
  amount_paise integer NOT NULL CHECK (amount_paise >= 0),
  remitted_on date NOT NULL,
  reference text NOT NULL,
  applied_by text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
);

-- Where a returned COD line's money goes: the shopper's UPI ID or bank account, given with the return
ALTER TABLE returns ADD COLUMN refund_to jsonb;

-- A COD refund is paid by staff by hand (UPI or bank), not through the gateway, and has no payment
ALTER TABLE refunds ALTER COLUMN payment_id DROP NOT NULL;
ALTER TABLE refunds
  ADD COLUMN method text NOT NULL DEFAULT 'gateway' CHECK (method IN ('gateway', 'upi', 'bank')),
  ADD COLUMN destination jsonb,
  ADD COLUMN reference text,
  ADD CONSTRAINT refunds_paid_somewhere CHECK (
    (method = 'gateway' AND payment_id IS NOT NULL) OR (method <> 'gateway' AND destination IS NOT NULL)
  );
