-- An issued invoice or credit note never changes (decision 018), so its PDF is rendered once, at the first
-- request, and kept beside it for every instance (issue 36): NULL until then.
ALTER TABLE invoices ADD COLUMN pdf bytea;
ALTER TABLE credit_notes ADD COLUMN pdf bytea;
