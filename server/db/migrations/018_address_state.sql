-- The address's State (issue 27): the shopper's own on the profile; orders keep it in their address
-- (jsonb, as the profile gave it). Addresses saved before take their pincode's state, as a new address
-- saved without one does (decision 035).
ALTER TABLE customers ADD COLUMN state text;

UPDATE customers SET state = pincodes.state FROM pincodes WHERE pincodes.pincode = customers.pin;

UPDATE payment_orders SET address = payment_orders.address || jsonb_build_object('state', pincodes.state)
  FROM pincodes WHERE pincodes.pincode = payment_orders.address ->> 'pin' AND NOT payment_orders.address ? 'state';

UPDATE orders SET address = orders.address || jsonb_build_object('state', pincodes.state)
  FROM pincodes WHERE pincodes.pincode = orders.address ->> 'pin' AND NOT orders.address ? 'state';
