-- A visitor's bag and wishlist (issue 16, decision 022): the same tables as a customer's, owned by the
-- visitor's session instead. Exactly one owner per row; a visitor's rows go with their session (swept
-- when idle, or rotated away at login after they were merged into the account's).
ALTER TABLE cart_lines ALTER COLUMN customer_id DROP NOT NULL;
ALTER TABLE cart_lines ADD COLUMN session_id text REFERENCES sessions (id) ON DELETE CASCADE;
ALTER TABLE cart_lines ADD CONSTRAINT cart_lines_one_owner CHECK (num_nonnulls(customer_id, session_id) = 1);
ALTER TABLE cart_lines ADD CONSTRAINT cart_lines_session_sku_key UNIQUE (session_id, sku_id);

ALTER TABLE wishlist_items DROP CONSTRAINT wishlist_items_pkey;
ALTER TABLE wishlist_items ALTER COLUMN customer_id DROP NOT NULL;
ALTER TABLE wishlist_items ADD COLUMN session_id text REFERENCES sessions (id) ON DELETE CASCADE;
ALTER TABLE wishlist_items ADD CONSTRAINT wishlist_items_one_owner CHECK (num_nonnulls(customer_id, session_id) = 1);
ALTER TABLE wishlist_items ADD CONSTRAINT wishlist_items_customer_product_key UNIQUE (customer_id, product_id);
ALTER TABLE wishlist_items ADD CONSTRAINT wishlist_items_session_product_key UNIQUE (session_id, product_id);
