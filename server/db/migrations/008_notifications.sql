-- SMS about an order (placed, shipped, delivered, cancelled, return accepted, refund processed), written
-- to an outbox in the transaction of the change it tells of and sent by a worker afterwards (decision 016).

CREATE TABLE notifications (
  id bigserial PRIMARY KEY,
  -- one message per event, e.g. 'shipped:pur_…': a second write of the same event is a no-op, and the
  -- gateway is told the key with every try
  idempotency_key text NOT NULL UNIQUE,
  customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  phone char(10) NOT NULL,
  -- the message kind, which names its MSG91 flow template
  template text NOT NULL,
  variables jsonb NOT NULL,
  text text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent')),
  attempts integer NOT NULL DEFAULT 0,
  -- when a worker may (next) take it: moved on by each claim (a lease) and each failure (backoff)
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);

CREATE INDEX notifications_due_idx ON notifications (next_attempt_at) WHERE status = 'pending';
CREATE INDEX notifications_phone_idx ON notifications (phone, id);

-- the shopper's choice of the messages that are not essential (shipped, delivered)
ALTER TABLE customers ADD COLUMN sms_updates boolean NOT NULL DEFAULT true;

-- the courier's tracking page, with {trackingId} where the tracking id goes; null when it has none
ALTER TABLE delivery_partners ADD COLUMN tracking_url text;
