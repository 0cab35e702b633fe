-- Sign-in that nobody can take away (issue 36, decision 052). A code belongs to the browser (haat_bid) that
-- asked for it: only that browser may verify it, so codes other browsers ask for never replace it. A code
-- sent on a browser's own allowance is marked, so the phone's ceiling and the network counts, which
-- strangers can fill, count only the other requests. client_address holds the network (IPv4 /24, IPv6 /48).
ALTER TABLE otp_codes ADD COLUMN browser_id text NOT NULL DEFAULT '';
ALTER TABLE otp_codes ADD COLUMN allowance boolean NOT NULL DEFAULT false;

-- The browsers that have signed in with a phone (a shopper's login or sign-up after a verified code, a staff
-- member's back-office sign-in): each keeps a code allowance of its own for that phone. Swept once unused
-- for long (housekeeping).
CREATE TABLE signed_in_browsers (
  browser_id text NOT NULL,
  phone char(10) NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('shopper', 'staff')),
  last_signed_in_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (browser_id, phone, purpose)
);

CREATE INDEX signed_in_browsers_last_idx ON signed_in_browsers (last_signed_in_at);

-- The session id changes when a phone is verified, and what the visitor's session held (bag, wishlist,
-- applied coupon) goes with it: the session row takes its new id in place and its rows follow.
ALTER TABLE cart_lines DROP CONSTRAINT cart_lines_session_id_fkey;
ALTER TABLE cart_lines ADD CONSTRAINT cart_lines_session_id_fkey
  FOREIGN KEY (session_id) REFERENCES sessions (id) ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE wishlist_items DROP CONSTRAINT wishlist_items_session_id_fkey;
ALTER TABLE wishlist_items ADD CONSTRAINT wishlist_items_session_id_fkey
  FOREIGN KEY (session_id) REFERENCES sessions (id) ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE bag_coupons DROP CONSTRAINT bag_coupons_session_id_fkey;
ALTER TABLE bag_coupons ADD CONSTRAINT bag_coupons_session_id_fkey
  FOREIGN KEY (session_id) REFERENCES sessions (id) ON DELETE CASCADE ON UPDATE CASCADE;
