-- Shipments booked through the courier partner (issue 30, stages 2 and 3; decision 049). A line ships
-- in one parcel of its own (its purchase id is the partner's order id); accepting its return or exchange
-- books a reverse pickup. Tracking events move the line; each event is kept once, so one that arrives
-- twice, late or by polling changes nothing more.
CREATE TABLE shipments (
  id serial PRIMARY KEY,
  order_line_id integer NOT NULL REFERENCES order_lines (id),
  -- forward: seller -> shopper; return: a reverse pickup, shopper -> seller
  kind text NOT NULL CHECK (kind IN ('forward', 'return')),
  -- the partner's order and shipment ids, and the air waybill its courier assigned
  partner_order_id text NOT NULL,
  partner_shipment_id text NOT NULL,
  awb text NOT NULL UNIQUE,
  courier_id integer NOT NULL,
  courier text NOT NULL,
  -- the partner's last status (e.g. 'AWB ASSIGNED', 'PICKED UP', 'DELIVERED') and when it came
  status text NOT NULL,
  status_at timestamptz NOT NULL,
  -- the last time anything was heard of it (an event or a poll): polling asks after those quiet too long
  heard_at timestamptz NOT NULL,
  pickup_scheduled_at timestamptz,
  -- delivered, RTO delivered or received back: nothing more to track
  done boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (order_line_id, kind)
);
CREATE INDEX shipments_open_idx ON shipments (heard_at) WHERE NOT done;

-- each tracking event once: (shipment, status, when the courier says it happened)
CREATE TABLE shipment_events (
  id serial PRIMARY KEY,
  shipment_id integer NOT NULL REFERENCES shipments (id),
  status text NOT NULL,
  happened_at timestamptz NOT NULL,
  location text,
  received_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (shipment_id, status, happened_at)
);

-- the partner's reason when it last refused to book the line (unserviceable, weight, address); cleared
-- once a booking succeeds
ALTER TABLE order_lines ADD COLUMN booking_refusal text;

-- The local fake of Shiprocket (development and tests; decision 048): its orders and their shipments,
-- kept in the database so they outlive a restart, as the simulated payment gateway's are.
CREATE TABLE sim_courier_shipments (
  shipment_id serial PRIMARY KEY,
  order_id text NOT NULL UNIQUE,
  channel_order_id text NOT NULL,
  is_return boolean NOT NULL DEFAULT false,
  pickup_pincode text NOT NULL,
  delivery_pincode text NOT NULL,
  weight_kg numeric NOT NULL,
  awb text UNIQUE,
  courier_id integer,
  courier_name text,
  pickup_scheduled boolean NOT NULL DEFAULT false,
  -- Shiprocket's scans, oldest first: [{status, date, location}]
  scans jsonb NOT NULL DEFAULT '[]',
  status text NOT NULL DEFAULT 'NEW',
  created_at timestamptz NOT NULL DEFAULT now()
);
