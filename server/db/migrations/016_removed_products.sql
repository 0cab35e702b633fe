-- Products deleted (the demo's, removed by the owner: issue 25). The facet index of every instance reads
-- the products written since it last looked (migration 013) but could not see a row that is gone: a
-- deleted product leaves its id here, stamped like a revision, and the index's catch-up read drops it.
CREATE TABLE removed_products (
  id integer PRIMARY KEY,
  revision bigint NOT NULL
);

CREATE INDEX removed_products_revision_idx ON removed_products (revision);

CREATE FUNCTION products_note_removed() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_catalog
AS $$
BEGIN
  INSERT INTO removed_products (id, revision)
    SELECT id, pg_current_xact_id()::text::bigint FROM removed
    ON CONFLICT (id) DO UPDATE SET revision = EXCLUDED.revision;
  RETURN NULL;
END $$;

CREATE TRIGGER products_removed AFTER DELETE ON products
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION products_note_removed();
