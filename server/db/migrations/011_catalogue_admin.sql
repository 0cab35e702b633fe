-- The back office's catalogue (issue 13): the owner's shop settings (the low-stock threshold), and the
-- reads behind the product list's search and the low-stock view.

-- one row: the shop's settings the owner changes in the back office
CREATE TABLE shop_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  low_stock_threshold integer NOT NULL DEFAULT 5 CHECK (low_stock_threshold BETWEEN 0 AND 100000)
);
INSERT INTO shop_settings DEFAULT VALUES;

-- sizes at or below the threshold, fewest first
CREATE INDEX skus_stock_idx ON skus (stock, product_id);
