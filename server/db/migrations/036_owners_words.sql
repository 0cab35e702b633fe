-- The shop's own words (issue 38): what its pages say about it, written by the owner; NULL until set, and
-- then the shop says nothing of its own in their place (no "across India", no legal form it was not told).
ALTER TABLE shop_settings ADD COLUMN about text CHECK (char_length(about) <= 300);
ALTER TABLE shop_settings ADD COLUMN footer_text text CHECK (char_length(footer_text) <= 500);
ALTER TABLE shop_settings ADD COLUMN page_title text CHECK (char_length(page_title) <= 70);
ALTER TABLE shop_settings ADD COLUMN meta_description text CHECK (char_length(meta_description) <= 160);
ALTER TABLE shop_settings ADD COLUMN legal_form text CHECK (legal_form IN
  ('proprietorship', 'partnership', 'llp', 'private_limited', 'public_limited', 'one_person_company'));
