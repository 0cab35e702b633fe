-- How an apparel product fits, as the shopper who rated it says (issue 29): the product page shows the
-- split over the product and its colours once FIT_MIN_ANSWERS shoppers have answered. Null: not said.
ALTER TABLE reviews ADD COLUMN fit text CHECK (fit IN ('small', 'true', 'large'));
