-- The owner's rules (issue 38): the return, exchange and free-cancellation windows and the cancellation
-- charge are settings, their defaults the spec's 24 hours (1 day) and 10%. An order keeps the rules in
-- force when it was placed, so a later change of the settings changes later orders only; every order
-- placed before this migration was placed under the defaults.
ALTER TABLE shop_settings ADD COLUMN return_window_days integer NOT NULL DEFAULT 1
  CHECK (return_window_days BETWEEN 0 AND 60);
ALTER TABLE shop_settings ADD COLUMN exchange_window_days integer NOT NULL DEFAULT 1
  CHECK (exchange_window_days BETWEEN 0 AND 60);
ALTER TABLE shop_settings ADD COLUMN free_cancellation_hours integer NOT NULL DEFAULT 24
  CHECK (free_cancellation_hours BETWEEN 0 AND 720);
ALTER TABLE shop_settings ADD COLUMN cancellation_charge_percent integer NOT NULL DEFAULT 10
  CHECK (cancellation_charge_percent BETWEEN 0 AND 50);

ALTER TABLE orders ADD COLUMN return_window_days integer NOT NULL DEFAULT 1;
ALTER TABLE orders ADD COLUMN exchange_window_days integer NOT NULL DEFAULT 1;
ALTER TABLE orders ADD COLUMN free_cancellation_hours integer NOT NULL DEFAULT 24;
ALTER TABLE orders ADD COLUMN cancellation_charge_percent integer NOT NULL DEFAULT 10;
