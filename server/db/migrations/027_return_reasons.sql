-- Returns with a reason, and genres that cannot be returned (issue 29; design "Fit, returns and exchanges").

-- why the shopper returns the line: one of the contract's RETURN_REASONS codes, or null when only the spec's
-- free-text `reason` was sent (shown as "Other", the text kept in `reason`)
ALTER TABLE returns ADD COLUMN reason_code text
  CHECK (reason_code IN ('too_small', 'too_large', 'defective', 'wrong_item', 'not_as_pictured', 'quality',
                         'changed_mind'));
-- the shopper's own words beside a coded reason ('' for none)
ALTER TABLE returns ADD COLUMN comment text NOT NULL DEFAULT '' CHECK (length(comment) <= 1000);
-- the shopper's photo of the item (a review image file the return took over; decision 046), required for
-- defective and wrong items
ALTER TABLE returns ADD COLUMN photo text;
ALTER TABLE returns ADD CONSTRAINT returns_photo_check
  CHECK (reason_code IS NULL OR reason_code NOT IN ('defective', 'wrong_item') OR photo IS NOT NULL);

-- genres the back office marked not returnable (innerwear, say): their lines cannot be returned or exchanged
CREATE TABLE non_returnable_genres (
  user_segment text NOT NULL,
  genre text NOT NULL,
  marked_by text NOT NULL,
  marked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_segment, genre)
);

-- the dashboard's return rates read the lines delivered in the last 30 days
CREATE INDEX order_lines_delivered_idx ON order_lines (delivered_at) WHERE delivered_at IS NOT NULL;
