-- The local fake of Shiprocket keeps how a forward parcel is paid, as Shiprocket's order takes it:
-- 'COD' with the rupees its courier collects at the door (sub_total), or 'Prepaid' (cash on delivery,
-- decision 069). A return's reverse pickup is always 'Prepaid'.
ALTER TABLE sim_courier_shipments
  ADD COLUMN payment_method text NOT NULL DEFAULT 'Prepaid' CHECK (payment_method IN ('COD', 'Prepaid')),
  ADD COLUMN sub_total numeric NOT NULL DEFAULT 0 CHECK (sub_total >= 0);
