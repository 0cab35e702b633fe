-- Size charts (issue 29): per apparel genre, and per seller for that genre (the seller's own cut wins), a
-- table of the genre's sizes against body measurements in centimetres, with a "how to measure" text.
CREATE TABLE size_charts (
  id serial PRIMARY KEY,
  user_segment text NOT NULL,
  genre text NOT NULL,
  -- null: the genre's own chart
  seller_id integer REFERENCES sellers (id),
  -- measurement codes in column order, e.g. ["bust", "waist"]
  measurements jsonb NOT NULL,
  -- [{"size": "M", "values": [91.5, 76]}], centimetres in the measurements' order, sizes in size order
  rows jsonb NOT NULL,
  how_to_measure text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- one chart per genre and one per seller for a genre; a product page looks both up by its genre
CREATE UNIQUE INDEX size_charts_genre_key ON size_charts (user_segment, genre) WHERE seller_id IS NULL;
CREATE UNIQUE INDEX size_charts_seller_key ON size_charts (user_segment, genre, seller_id)
  WHERE seller_id IS NOT NULL;
