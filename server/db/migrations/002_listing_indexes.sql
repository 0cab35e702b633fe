-- Listings: filters, scope and sort order served from indexes.

-- Every listing filter is a containment test on this document: the product's features plus its scope
-- ("@prod": prod, "@scope": {segment: genre}), so that one GIN lookup finds the products of one genre
-- with the chosen features, however common each feature is across the whole catalogue.
CREATE FUNCTION listing_doc(prod text, user_segment text, genre text, features jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT jsonb_set(features || jsonb_object(ARRAY['@prod', prod]), '{@scope}', jsonb_object(ARRAY[user_segment, genre])) $$;

ALTER TABLE products ADD CONSTRAINT products_features_object CHECK (jsonb_typeof(features) = 'object');

CREATE INDEX products_listing_doc_idx ON products
  USING gin (listing_doc(prod, user_segment, genre, features) jsonb_path_ops) WHERE active;

-- Sorts: newest first (launch_date) or by price, each ending on the id, read in order and stopped after a page.
CREATE INDEX products_listing_launch_idx ON products (prod, user_segment, genre, launch_date, id) WHERE active;

-- the crafts section lists every active accessory, whatever its segment and genre
CREATE INDEX products_accessories_launch_idx ON products (launch_date, id) WHERE active AND prod = 'accessories';
CREATE INDEX products_accessories_price_idx ON products (current_price_paise, id) WHERE active AND prod = 'accessories';
