-- The back office's orders, returns, refunds, reviews and dashboard (issue 13).

-- a review gets an id the back office names it by, and can be hidden from the product page
ALTER TABLE reviews ADD COLUMN id serial UNIQUE;
ALTER TABLE reviews ADD COLUMN hidden boolean NOT NULL DEFAULT false;
CREATE INDEX reviews_created_idx ON reviews (created_at DESC, id DESC);
-- a hidden review's photo is refused by its file name on every request for it
CREATE INDEX reviews_hidden_photo_idx ON reviews (photo) WHERE hidden;

-- orders by day (date filters, the dashboard), lines by state (queues), refunds by state, an order's history
CREATE INDEX orders_placed_idx ON orders (placed_at);
CREATE INDEX order_lines_status_idx ON order_lines (status, id);
CREATE INDEX refunds_status_idx ON refunds (status, id);
CREATE INDEX audit_log_subject_idx ON audit_log (subject, id);
