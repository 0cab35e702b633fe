-- Make it yours (issue 25): the demo's rows marked so they can be removed exactly; the shop's own details,
-- policies and delivery charge; sellers as the owner keeps them; a seller's products paused with it.

-- the demo catalogue's rows (server/demo/): removed together by POST /admin/api/demo/remove
ALTER TABLE sellers ADD COLUMN demo boolean NOT NULL DEFAULT false;
ALTER TABLE delivery_partners ADD COLUMN demo boolean NOT NULL DEFAULT false;
ALTER TABLE products ADD COLUMN demo boolean NOT NULL DEFAULT false;
ALTER TABLE customers ADD COLUMN demo boolean NOT NULL DEFAULT false;
ALTER TABLE reviews ADD COLUMN demo boolean NOT NULL DEFAULT false;

-- Every database started before this migration was filled with the demo at its first start (the only way
-- haat had), so what that start wrote is the demo's: the seed wrote every row in one transaction, and so
-- every seeded product has the same creation time, the earliest.
UPDATE products SET demo = true
  WHERE created_at = (SELECT min(created_at) FROM products)
    AND (SELECT count(*) FROM products WHERE created_at = (SELECT min(created_at) FROM products)) > 100;
UPDATE sellers SET demo = true WHERE id IN (SELECT seller_id FROM products WHERE demo)
  AND NOT EXISTS (SELECT 1 FROM products p WHERE p.seller_id = sellers.id AND NOT p.demo);
UPDATE delivery_partners SET demo = true WHERE id IN (SELECT partner_id FROM products WHERE demo)
  AND NOT EXISTS (SELECT 1 FROM products p WHERE p.partner_id = delivery_partners.id AND NOT p.demo);
UPDATE reviews SET demo = true WHERE product_id IN (SELECT id FROM products WHERE demo)
  AND created_at < (SELECT min(created_at) FROM products);
UPDATE customers SET demo = true WHERE id IN (SELECT customer_id FROM reviews WHERE demo)
  AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = customers.id)
  AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.customer_id = customers.id);

-- the shop itself: what its pages, heads, invoices and SMS name (GET /api/shop), edited by the owner
ALTER TABLE shop_settings ADD COLUMN name text;
ALTER TABLE shop_settings ADD COLUMN legal_name text;
-- an uploaded photo's name (platform/images), shown in the header, on invoices and in share previews
ALTER TABLE shop_settings ADD COLUMN logo text;
ALTER TABLE shop_settings ADD COLUMN gstin text;
ALTER TABLE shop_settings ADD COLUMN office_address text[] NOT NULL DEFAULT '{}';
ALTER TABLE shop_settings ADD COLUMN support_email text;
ALTER TABLE shop_settings ADD COLUMN support_phone text;
ALTER TABLE shop_settings ADD COLUMN support_hours text;
-- the owner's Markdown per policy page (terms, privacy, ...); a page missing here shows the spec's text
ALTER TABLE shop_settings ADD COLUMN policies jsonb NOT NULL DEFAULT '{}';
-- the spec's delivery charge (Rs 50) and the bag value above which delivery is free (Rs 500), in paise
ALTER TABLE shop_settings ADD COLUMN delivery_charge_paise integer NOT NULL DEFAULT 5000
  CHECK (delivery_charge_paise BETWEEN 0 AND 100000000);
ALTER TABLE shop_settings ADD COLUMN free_delivery_above_paise integer NOT NULL DEFAULT 50000
  CHECK (free_delivery_above_paise BETWEEN 0 AND 2000000000);
ALTER TABLE shop_settings ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- sellers as the back office keeps them: `address` is the first line, `state` follows from `pincode`
ALTER TABLE sellers ADD COLUMN address_line2 text;
ALTER TABLE sellers ADD COLUMN pan text;
ALTER TABLE sellers ADD COLUMN phone text;
ALTER TABLE sellers ADD COLUMN email text;
ALTER TABLE sellers ADD COLUMN active boolean NOT NULL DEFAULT true;
CREATE UNIQUE INDEX sellers_name_idx ON sellers (lower(name));

-- a product taken off the shop because its seller was deactivated (not by the owner's withdraw), so
-- reactivating the seller brings back exactly these
ALTER TABLE products ADD COLUMN paused_with_seller boolean NOT NULL DEFAULT false;
