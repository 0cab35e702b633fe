-- One-time codes by purpose (issue 26): a shopper's code and a staff member's sign-in code for the same
-- phone are counted, throttled and checked apart, so the shopper route can neither spend nor block the
-- back office's allowance of a staff phone (nor replace its pending code).
ALTER TABLE otp_codes ADD COLUMN purpose text NOT NULL DEFAULT 'shopper' CHECK (purpose IN ('shopper', 'staff'));

DROP INDEX otp_codes_phone_idx;
DROP INDEX otp_codes_address_idx;
CREATE INDEX otp_codes_phone_idx ON otp_codes (phone, purpose, created_at);
CREATE INDEX otp_codes_address_idx ON otp_codes (client_address, purpose, created_at);
