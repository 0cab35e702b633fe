-- A refund paid by hand with no destination yet (decision 069, "Refunds of COD lines"): a COD line whose
-- exchange could not be sent is owed what was paid for it, but the shopper gave no UPI ID or bank account
-- (an exchange asks for none). Staff ask the shopper, pay, and mark it paid with the reference.
ALTER TABLE refunds DROP CONSTRAINT refunds_method_check;
ALTER TABLE refunds ADD CONSTRAINT refunds_method_check CHECK (method IN ('gateway', 'upi', 'bank', 'manual'));
ALTER TABLE refunds DROP CONSTRAINT refunds_paid_somewhere;
ALTER TABLE refunds ADD CONSTRAINT refunds_paid_somewhere CHECK (
  (method = 'gateway' AND payment_id IS NOT NULL)
  OR (method IN ('upi', 'bank') AND destination IS NOT NULL)
  OR (method = 'manual' AND destination IS NULL)
);
