-- The sale that priced each order line (issue 28): the offers' report counts a sale's lines, what it
-- took off them and what was paid for them, as it does a coupon's.

-- the sale whose price the line was sold at; null when none did (and on lines placed before this)
ALTER TABLE order_lines ADD COLUMN sale_id integer REFERENCES sales;
-- what the sale took off the whole line: (the shop's own price - the sale price) x quantity
ALTER TABLE order_lines ADD COLUMN sale_saving_paise integer NOT NULL DEFAULT 0
  CHECK (sale_saving_paise >= 0);

-- the report sums each sale's lines; most lines have none
CREATE INDEX order_lines_sale_idx ON order_lines (sale_id) WHERE sale_id IS NOT NULL;
