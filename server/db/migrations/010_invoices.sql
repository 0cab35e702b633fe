-- GST tax invoices and credit notes (decision 018): what a seller's invoice must name, the HSN code of
-- each product, numbering series without gaps, and each document fixed as it was issued.

-- the seller as the GST registration names it; `state` is spelt as in `pincodes.state`, so the place of
-- supply (the delivery pincode's state) compares with it
ALTER TABLE sellers ADD COLUMN legal_name text;
ALTER TABLE sellers ADD COLUMN address text;
ALTER TABLE sellers ADD COLUMN pincode char(6);
ALTER TABLE sellers ADD COLUMN state text;

-- the Harmonised System code (4, 6 or 8 digits) that decides the GST rate; set in the catalogue
ALTER TABLE products ADD COLUMN hsn_code text CHECK (hsn_code ~ '^[0-9]{4}([0-9]{2}){0,2}$');

-- the last serial given in each series: one per seller, kind and financial year ('2026-27'); taking the
-- next locks the row until the document's transaction ends, so serials run +1 with no gap or reuse
CREATE TABLE document_series (
  seller_id integer NOT NULL REFERENCES sellers (id),
  kind text NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
  financial_year text NOT NULL CHECK (financial_year ~ '^[0-9]{4}-[0-9]{2}$'),
  last_serial integer NOT NULL CHECK (last_serial > 0),
  PRIMARY KEY (seller_id, kind, financial_year)
);

-- one tax invoice per order and seller; `document` is what the PDF shows, fixed when issued
CREATE TABLE invoices (
  id serial PRIMARY KEY,
  number text NOT NULL UNIQUE,
  order_id integer NOT NULL REFERENCES orders (id),
  seller_id integer NOT NULL REFERENCES sellers (id),
  financial_year text NOT NULL,
  serial integer NOT NULL,
  issued_at timestamptz NOT NULL,
  document jsonb NOT NULL,
  UNIQUE (order_id, seller_id),
  UNIQUE (seller_id, financial_year, serial)
);

-- one credit note per refund of an order line, against the invoice that line is on
CREATE TABLE credit_notes (
  id serial PRIMARY KEY,
  number text NOT NULL UNIQUE,
  refund_id integer NOT NULL UNIQUE REFERENCES refunds (id),
  invoice_id integer NOT NULL REFERENCES invoices (id),
  seller_id integer NOT NULL REFERENCES sellers (id),
  financial_year text NOT NULL,
  serial integer NOT NULL,
  issued_at timestamptz NOT NULL,
  document jsonb NOT NULL,
  UNIQUE (seller_id, financial_year, serial)
);

CREATE INDEX credit_notes_invoice_idx ON credit_notes (invoice_id);
