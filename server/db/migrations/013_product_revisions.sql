-- The catalogue's in-memory facet index (decision 020) reads only the products changed since it last
-- looked: each insert or update stamps the row with the id of the transaction that wrote it. A reader
-- that remembers the oldest transaction still running when it last read (pg_snapshot_xmin) misses no
-- row, even one written by a long transaction that commits later. Rows never changed since this
-- migration keep NULL: the index's first full read has them.
ALTER TABLE products ADD COLUMN revision bigint;

CREATE FUNCTION products_stamp_revision() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_catalog
AS $$
BEGIN
  NEW.revision := pg_current_xact_id()::text::bigint;
  RETURN NEW;
END $$;

CREATE TRIGGER products_revision BEFORE INSERT OR UPDATE ON products
  FOR EACH ROW EXECUTE FUNCTION products_stamp_revision();

CREATE INDEX products_revision_idx ON products (revision) WHERE revision IS NOT NULL;

-- with no statistics the planner takes a third of the table for "revision >= …" and compiles the
-- catch-up read with JIT (tens of ms); with them it knows the column is mostly NULL
ANALYZE products;
