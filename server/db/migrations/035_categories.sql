-- The owner's categories (issue 38): the apparel segments in menu order, and each segment's genres in
-- order, a genre possibly one-size (its products have one unsized stock, as an accessory has). Products
-- keep naming their pair by text; a pair a product names that is not here is added at the end.
CREATE TABLE category_segments (
  name text PRIMARY KEY,
  position integer NOT NULL,
  -- added by the demo's seed: removing the demo takes it away with the demo's products
  demo boolean NOT NULL DEFAULT false
);
-- unique regardless of case: "Home" and "home" would be one menu entry twice
CREATE UNIQUE INDEX category_segments_name_key ON category_segments (lower(name));

CREATE TABLE category_genres (
  user_segment text NOT NULL REFERENCES category_segments (name) ON UPDATE CASCADE ON DELETE CASCADE,
  name text NOT NULL,
  position integer NOT NULL,
  one_size boolean NOT NULL DEFAULT false,
  demo boolean NOT NULL DEFAULT false,
  PRIMARY KEY (user_segment, name)
);
CREATE UNIQUE INDEX category_genres_name_key ON category_genres (user_segment, lower(name));

-- an existing shop's tree: its products' pairs in today's menu order (alphabetical), every genre sized as
-- its products are
INSERT INTO category_segments (name, position)
SELECT user_segment, row_number() OVER (ORDER BY lower(user_segment), user_segment)
FROM (SELECT DISTINCT ON (lower(user_segment)) user_segment FROM products WHERE prod = 'apparel'
  ORDER BY lower(user_segment), user_segment) AS segments;

INSERT INTO category_genres (user_segment, name, position)
SELECT s.name, g.genre, row_number() OVER (PARTITION BY s.name ORDER BY lower(g.genre), g.genre)
FROM (SELECT DISTINCT ON (lower(user_segment), lower(genre)) user_segment, genre FROM products
  WHERE prod = 'apparel' ORDER BY lower(user_segment), lower(genre), user_segment, genre) AS g
JOIN category_segments s ON lower(s.name) = lower(g.user_segment);
