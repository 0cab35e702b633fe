-- Staff are people (issue 13): each signs in to the back office with their own phone and a one-time code.
-- A removed person's row stays (removed_at set) so the activity log can still name them; their phone is
-- free to be added again as a new person.
CREATE TABLE staff (
  id serial PRIMARY KEY,
  phone char(10) NOT NULL CHECK (phone ~ '^[6-9][0-9]{9}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  role text NOT NULL CHECK (role IN ('owner', 'staff')),
  created_at timestamptz NOT NULL DEFAULT now(),
  removed_at timestamptz
);

CREATE UNIQUE INDEX staff_phone_idx ON staff (phone) WHERE removed_at IS NULL;

-- Back-office sessions, apart from shoppers' sessions: a shopper's cookie never opens one of these.
CREATE TABLE staff_sessions (
  -- HMAC of the haat_staff cookie's token: a leaked table does not hand out live sessions
  id text PRIMARY KEY,
  staff_id integer NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX staff_sessions_staff_idx ON staff_sessions (staff_id);
CREATE INDEX staff_sessions_last_seen_idx ON staff_sessions (last_seen_at);
