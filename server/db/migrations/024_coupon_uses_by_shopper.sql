-- A shopper's uses are read by shopper (every bag view with a coupon, the bag's coupon list, each order's
-- count): 021's index led with the coupon, so that read scanned every use. Lead with the shopper.
DROP INDEX coupon_uses_shopper_idx;
CREATE INDEX coupon_uses_shopper_idx ON coupon_uses (customer_id, coupon_id) WHERE given_back_at IS NULL;
