-- The CSRF token is bound to a per-browser cookie (decision 009), no longer to the session row, so it
-- survives login and sign-out; a session row is written only when it has something to keep.
ALTER TABLE sessions DROP COLUMN csrf_token;

-- Counted limits that protect money and SMS (key checks, create-order calls, uploads, the SMS budget):
-- one row per counted event, so every instance on one database counts the same; swept hourly.
CREATE TABLE rate_events (
  id bigserial PRIMARY KEY,
  -- which limit, e.g. 'signup-check:browser'
  bucket text NOT NULL,
  -- whose: a browser id, a client address (an IPv6 /64), a customer id, or '' for the whole shop
  subject text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX rate_events_idx ON rate_events (bucket, subject, at);
CREATE INDEX rate_events_at_idx ON rate_events (at);
