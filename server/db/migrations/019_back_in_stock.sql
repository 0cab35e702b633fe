-- "Notify me" on a sold-out size, and "Price dropped" on the wishlist (issue 27, decision 036).

-- A customer waiting for a sold-out size. The SMS is queued, and notified_at set, in the transaction that
-- brings the size back in stock; a request is told once, and a new one may then be made.
CREATE TABLE back_in_stock_requests (
  id bigserial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  sku_id integer NOT NULL REFERENCES skus (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  notified_at timestamptz
);

-- one open request per customer and size: asking again is a no-op
CREATE UNIQUE INDEX back_in_stock_requests_open_key ON back_in_stock_requests (customer_id, sku_id)
  WHERE notified_at IS NULL;
-- who waits for a size that came back
CREATE INDEX back_in_stock_requests_waiting_idx ON back_in_stock_requests (sku_id) WHERE notified_at IS NULL;

-- the product's price when it was wished (paise): the wishlist says "Price dropped" when it is lower now;
-- wishes made before this take today's price
ALTER TABLE wishlist_items ADD COLUMN wished_price_paise integer;
UPDATE wishlist_items SET wished_price_paise = products.current_price_paise
  FROM products WHERE products.id = wishlist_items.product_id;
ALTER TABLE wishlist_items ALTER COLUMN wished_price_paise SET NOT NULL;
