-- Festive sales (issue 28): a percentage off what a scope covers, from its first second to its last. A
-- covered product's current price is worked out when read (server/modules/offers), never written over,
-- so a sale's end needs no writes and the shop's own prices are never lost.
CREATE TABLE sales (
  id serial PRIMARY KEY,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 80),
  percent_off smallint NOT NULL CHECK (percent_off BETWEEN 1 AND 90),
  -- what it covers, as the contract's OfferScope: {"all": true} or any of segments, genres, crafts,
  -- productIds, sellers (by name)
  scope jsonb NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  -- switched off before its end (POST /admin/api/sales/{id}/stop): its end is then this moment
  stopped_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at)
);

-- the sales that are live or still to come: what every instance keeps in memory
CREATE INDEX sales_ending_idx ON sales (ends_at) WHERE stopped_at IS NULL;
