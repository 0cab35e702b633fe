-- The shop window: the home page's hero slides and tiles, as the owner saved them, in order. A kind with no
-- rows is the default: no slides, and tiles built from the catalogue (contract/shop-window.ts).
CREATE TABLE shop_window_items (
  id serial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('slide', 'tile')),
  -- the owner's order within its kind, from 0
  position integer NOT NULL,
  title text NOT NULL,
  text text NOT NULL DEFAULT '',
  -- a photo's name as POST /admin/api/products/photos answered it; a tile may have none
  photo text,
  -- {"kind": "listing", "userSegment", "genre"} | {"kind": "crafts"} | {"kind": "product", "productId"}
  -- | {"kind": "search", "q"}
  link jsonb NOT NULL,
  -- the demo's window (server/demo/seed.ts), removed with it
  demo boolean NOT NULL DEFAULT false,
  UNIQUE (kind, position)
);
