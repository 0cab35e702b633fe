-- Delivery promises and parcels (issue 38). A partner's promise: business days from the order to delivery,
-- the seller's handover included, both or neither (neither: the spec's 7 to 10).
ALTER TABLE delivery_partners
  ADD COLUMN min_days smallint CHECK (min_days BETWEEN 1 AND 30),
  ADD COLUMN max_days smallint CHECK (max_days BETWEEN 1 AND 30),
  ADD CONSTRAINT delivery_partners_promise CHECK (
    (min_days IS NULL AND max_days IS NULL) OR (min_days IS NOT NULL AND max_days IS NOT NULL AND min_days <= max_days)
  );

-- A unit's packed weight and size, which courier bookings send; null while the owner has not said
ALTER TABLE products
  ADD COLUMN weight_grams integer CHECK (weight_grams BETWEEN 1 AND 100000),
  ADD COLUMN length_cm smallint CHECK (length_cm BETWEEN 1 AND 300),
  ADD COLUMN breadth_cm smallint CHECK (breadth_cm BETWEEN 1 AND 300),
  ADD COLUMN height_cm smallint CHECK (height_cm BETWEEN 1 AND 300);

-- The local fake of Shiprocket keeps a parcel's size as it keeps its weight
ALTER TABLE sim_courier_shipments
  ADD COLUMN length_cm numeric,
  ADD COLUMN breadth_cm numeric,
  ADD COLUMN height_cm numeric;
