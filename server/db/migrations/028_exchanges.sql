-- Exchange for another size (issue 29; decision 047). A delivered apparel line may be exchanged for
-- another size of its product: the new size is held at once, and once the old unit is back a new line
-- ships it. The old line moves exchange_requested -> exchanging (accepted) -> exchanged (received), or
-- exchange_rejected; received back when the held size can no longer go, it is returned and refunded.
ALTER TABLE order_lines DROP CONSTRAINT order_lines_status_check;
ALTER TABLE order_lines ADD CONSTRAINT order_lines_status_check CHECK (status IN (
  'placed', 'shipped', 'delivered', 'cancelled', 'return_requested', 'returning', 'returned', 'return_rejected',
  'exchange_requested', 'exchanging', 'exchanged', 'exchange_rejected'
));

-- the line an exchange's new line replaces (placed at "Mark received", paid by the old line's payment)
ALTER TABLE order_lines ADD COLUMN exchange_of integer UNIQUE REFERENCES order_lines (id);

-- a unit held for an exchange belongs to no checkout attempt; it never expires, it is released or taken
ALTER TABLE stock_holds ALTER COLUMN payment_order_id DROP NOT NULL;

CREATE TABLE exchanges (
  order_line_id integer PRIMARY KEY REFERENCES order_lines (id),
  -- the size asked for, and its units' hold (null once the size itself is gone)
  size text NOT NULL,
  hold_id integer REFERENCES stock_holds (id) ON DELETE SET NULL,
  reason_code text NOT NULL,
  requested_at timestamptz NOT NULL,
  accepted boolean,
  decided_at timestamptz,
  received_at timestamptz,
  -- the sentence telling the shopper why the size was not sent and the line refunded instead
  refund_note text
);
