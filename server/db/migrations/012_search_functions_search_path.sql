-- The search functions of 009 named each other and their tables without a schema. pg_dump's output
-- restores with an empty search_path, so a restore failed on products (its generated search_terms)
-- and on search_words (the trigger). Each now carries the search path it was written for.
ALTER FUNCTION search_fold(text) SET search_path = public, pg_catalog;
ALTER FUNCTION search_terms(text, text, text, text, jsonb, text) SET search_path = public, pg_catalog;
ALTER FUNCTION search_words_add() SET search_path = public, pg_catalog;
