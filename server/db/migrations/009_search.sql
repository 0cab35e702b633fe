-- Search (decision 017): the folded words of each product, the catalogue's vocabulary with a trigram index
-- (pg_trgm) for misspellings, synonyms the owner can extend, and the reads behind the popularity sort.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Lower case without accents, punctuation as spaces. Plain translate() and lower() of ASCII, so both
-- engines fold alike whatever their locale; the server folds a query the same way.
CREATE FUNCTION search_fold(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT lower(translate(t,
  'ÀÁÂÃÄÅĀàáâãäåāÈÉÊËĒèéêëēÌÍÎÏĪìíîïīÒÓÔÕÖŌòóôõöōÙÚÛÜŪùúûüūÑñÇçÝýÿ,.;:/\|()[]{}&+_"''!?*#-',
  'AAAAAAAaaaaaaaEEEEEeeeeeIIIIIiiiiiOOOOOOooooooUUUUUuuuuuNnCcYyy                       ')) $$;

-- The words a search reads: name, segment, genre, colour, fabric (craft, material) and description.
CREATE FUNCTION search_terms(
  name text, user_segment text, genre text, color text, features jsonb, description text
) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT array_remove(regexp_split_to_array(search_fold(concat_ws(' ', name, user_segment, genre, color,
  (SELECT string_agg(v, ' ') FROM jsonb_array_elements_text(jsonb_path_query_array(features,
    '$.keyvalue() ? (@.key == "fabric" || @.key == "craft" || @.key == "material").value[*]')) AS v),
  description)), ' +'), '') $$;

ALTER TABLE products ADD COLUMN search_terms text[]
  GENERATED ALWAYS AS (search_terms(name, user_segment, genre, color, features, description)) STORED;

-- a product matches a query word when its terms overlap the word's spellings (&&)
CREATE INDEX products_search_terms_idx ON products USING gin (search_terms) WHERE active;

-- Every word of the catalogue, once: a misspelt query word is looked up here by trigram similarity
-- (pg_trgm's index), and the server keeps the words within one or two edits of it.
CREATE TABLE search_words (word text PRIMARY KEY);
CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);

CREATE FUNCTION search_words_add() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT unnest(search_terms) FROM new_products
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER products_search_words_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION search_words_add();
CREATE TRIGGER products_search_words_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION search_words_add();

INSERT INTO search_words (word) SELECT DISTINCT unnest(search_terms) FROM products ON CONFLICT DO NOTHING;

-- Words a shopper may type for one thing: every word with the same canonical word matches the others.
CREATE TABLE search_synonyms (
  word text PRIMARY KEY CHECK (word = lower(word) AND word <> ''),
  canonical text NOT NULL CHECK (canonical = lower(canonical) AND canonical <> '')
);

INSERT INTO search_synonyms (word, canonical) VALUES
  ('kurta', 'kurta'), ('kurti', 'kurta'), ('kurtas', 'kurta'), ('kurtis', 'kurta'),
  ('saree', 'saree'), ('sari', 'saree'), ('sarees', 'saree'), ('saris', 'saree'),
  ('dupatta', 'dupatta'), ('chunni', 'dupatta'), ('chunri', 'dupatta'), ('odhni', 'dupatta'),
  ('lehenga', 'lehenga'), ('lehnga', 'lehenga'), ('ghagra', 'lehenga'),
  ('jutti', 'jutti'), ('juttis', 'jutti'), ('mojari', 'jutti'), ('mojaris', 'jutti');

-- Popularity: units sold per product in the last 30 days
CREATE INDEX order_lines_product_idx ON order_lines (product_id);
