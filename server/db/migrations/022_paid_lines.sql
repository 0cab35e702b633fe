-- What was paid for each order line after a coupon (issue 28): a coupon's saving is shared over the lines
-- it covers, so a line's refund, invoice and credit note start from what was paid for it, never from its
-- price before the coupon.

-- what was paid for the line, all its pieces, after its share of any coupon: what cancelling or returning
-- it refunds. Lines placed before coupons paid their price.
ALTER TABLE order_lines ADD COLUMN paid_paise integer;
UPDATE order_lines SET paid_paise = unit_price_paise * quantity;
ALTER TABLE order_lines ALTER COLUMN paid_paise SET NOT NULL;
ALTER TABLE order_lines ADD CONSTRAINT order_lines_paid_check
  CHECK (paid_paise BETWEEN 0 AND unit_price_paise * quantity);
-- the coupon that took something off the line
ALTER TABLE order_lines ADD COLUMN coupon_code text;

-- what the coupon took off the order's placed lines, in all
ALTER TABLE orders ADD COLUMN coupon_paise integer NOT NULL DEFAULT 0;
