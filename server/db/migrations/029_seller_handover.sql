-- Delivery through a courier partner (issue 30): the days a seller takes to hand a parcel to the courier
-- (the spec's 0 to 7), which a delivery date counts before the courier's own estimate.
ALTER TABLE sellers ADD COLUMN handover_days smallint NOT NULL DEFAULT 2
  CHECK (handover_days BETWEEN 0 AND 7);
