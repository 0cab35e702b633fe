-- Passkeys (WebAuthn, issue 36; docs/decisions/053): a way into the back office, and into a shopper's
-- account, that needs no SMS. Each person gets an opaque random user handle (WebAuthn's user.id), never
-- their phone; a passkey belongs to one staff member or one customer.
CREATE TABLE passkey_users (
  -- base64url of 32 random bytes
  handle text PRIMARY KEY,
  staff_id integer UNIQUE REFERENCES staff (id) ON DELETE CASCADE,
  customer_id integer UNIQUE REFERENCES customers (id) ON DELETE CASCADE,
  CHECK (num_nonnulls(staff_id, customer_id) = 1)
);

CREATE TABLE passkeys (
  -- the credential id, base64url without padding
  id text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 1400),
  staff_id integer REFERENCES staff (id) ON DELETE CASCADE,
  customer_id integer REFERENCES customers (id) ON DELETE CASCADE,
  -- the COSE public key, as the authenticator gave it at registration
  public_key bytea NOT NULL,
  -- the authenticator's signature counter: a count not above it means a cloned authenticator
  sign_count bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  CHECK (num_nonnulls(staff_id, customer_id) = 1)
);

CREATE INDEX passkeys_staff_idx ON passkeys (staff_id) WHERE staff_id IS NOT NULL;
CREATE INDEX passkeys_customer_idx ON passkeys (customer_id) WHERE customer_id IS NOT NULL;

-- A challenge is used once (deleted by the check that uses it), for 5 minutes, by the browser that asked,
-- for the purpose it asked for, and for registration by the person who asked.
CREATE TABLE passkey_challenges (
  -- base64url of 32 random bytes
  challenge text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('register', 'sign-in')),
  kind text NOT NULL CHECK (kind IN ('staff', 'shopper')),
  browser_id text NOT NULL,
  -- registration: the staff member's or customer's id; sign-in: none (nobody is known yet)
  person_id integer,
  expires_at timestamptz NOT NULL
);

CREATE INDEX passkey_challenges_expires_idx ON passkey_challenges (expires_at);
