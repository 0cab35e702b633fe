-- The owner's books (issue 40, shared/contracts/owners-books.md, decision 070): each seller's commission,
-- kept by every line when it is placed; the day a line's return window was ended early; the payouts of
-- sellers' settlements, each line in at most one; and the indexes a month's documents are read by.

-- Commission in basis points (12.5% is 1250): a percentage with at most two decimals, 0 to 50%
ALTER TABLE sellers
  ADD COLUMN commission_bp integer NOT NULL DEFAULT 0 CHECK (commission_bp BETWEEN 0 AND 5000);

-- The seller's commission when the line was placed: a later change affects only later lines. Lines placed
-- before commissions existed keep 0, as every seller's commission was then.
ALTER TABLE order_lines
  ADD COLUMN commission_bp integer NOT NULL DEFAULT 0 CHECK (commission_bp BETWEEN 0 AND 5000),
  -- set when the back office (or a test) ends a delivered line's return window before its time
  ADD COLUMN return_window_ended_at timestamptz;

-- What the owner paid a seller for one settlement period, with the bank's reference
CREATE TABLE seller_payouts (
  id serial PRIMARY KEY,
  seller_id integer NOT NULL REFERENCES sellers (id),
  -- the settlement period, YYYY-MM: the month (India time) its lines were delivered in
  period text NOT NULL CHECK (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  amount_paise bigint NOT NULL,
  utr text NOT NULL UNIQUE,
  paid_at timestamptz NOT NULL DEFAULT now(),
  paid_by text NOT NULL
);
CREATE INDEX seller_payouts_seller_idx ON seller_payouts (seller_id, period);

-- The lines a payout paid, each with the net it paid: a line is in one payout at most
CREATE TABLE payout_lines (
  order_line_id integer PRIMARY KEY REFERENCES order_lines (id),
  payout_id integer NOT NULL REFERENCES seller_payouts (id),
  net_paise bigint NOT NULL
);
CREATE INDEX payout_lines_payout_idx ON payout_lines (payout_id);

-- A seller's documents of a month, and the whole shop's (GSTR-8)
CREATE INDEX invoices_seller_issued_idx ON invoices (seller_id, issued_at);
CREATE INDEX invoices_issued_idx ON invoices (issued_at);
CREATE INDEX credit_notes_seller_issued_idx ON credit_notes (seller_id, issued_at);
CREATE INDEX credit_notes_issued_idx ON credit_notes (issued_at);
-- the sales reports read refunds by the day they were issued
CREATE INDEX refunds_created_idx ON refunds (created_at);
