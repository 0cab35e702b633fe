-- Refunds are recorded as owed in the transaction that decides them, then sent to the gateway; a
-- refund whose sending was cut short is found again at the gateway by its receipt, never sent twice.

ALTER TABLE sim_gateway_refunds ADD COLUMN receipt text;

ALTER TABLE refunds ADD COLUMN claimed_at timestamptz;
ALTER TABLE refunds ADD COLUMN processed_at timestamptz;
ALTER TABLE refunds ADD COLUMN last_error text;

CREATE INDEX refunds_pending_idx ON refunds (created_at) WHERE status = 'pending';
CREATE INDEX refunds_order_line_idx ON refunds (order_line_id);
