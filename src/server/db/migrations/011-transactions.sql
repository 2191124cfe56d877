-- Flow engine: inquiries kept server-side, limit bookkeeping on the journal, the bank's own accounts.

-- The category and IDR value a journal counts against the daily limit, and the inquiry it confirms
-- (one journal per inquiry at most: a second confirmation is a double transaction, 0021).
ALTER TABLE journal ADD COLUMN limit_category text;
ALTER TABLE journal ADD COLUMN limit_amount bigint NOT NULL DEFAULT 0;
ALTER TABLE journal ADD COLUMN inquiry_id text UNIQUE;
CREATE INDEX journal_limit_idx ON journal (customer_id, limit_category, created_at);

-- One quoted transaction, bound to the customer and the session that asked for it.
CREATE TABLE transaction_inquiries (
  id text PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  session_id bigint NOT NULL REFERENCES sessions(id),
  flow_id text NOT NULL,
  form jsonb NOT NULL,
  quote jsonb NOT NULL,                      -- amount, fees, total, debit and credit legs, rate, look-up details
  verification_method text CHECK (verification_method IN ('otp', 'approval')),
  otp_request_id text,
  verified_at timestamptz,
  journal_id bigint REFERENCES journal(id),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX transaction_inquiries_customer_idx ON transaction_inquiries (customer_id, created_at DESC);

-- The bank's own accounts (production too). Internal accounts may run negative (an FX position is
-- short in one currency while long in another). Settlement accounts a new biller names are opened
-- on first use by the flow engine, so a new biller needs no SQL.
INSERT INTO accounts (account_no, customer_id, product, name, currency, balance, floor) VALUES
  ('FEE-INCOME', NULL, 'internal', 'Fee income', 'IDR', 0, -1000000000000000),
  ('FEE-INCOME-USD', NULL, 'internal', 'Fee income USD', 'USD', 0, -1000000000000000),
  ('FX-POSITION', NULL, 'internal', 'FX position IDR', 'IDR', 0, -1000000000000000),
  ('FX-POSITION-USD', NULL, 'internal', 'FX position USD', 'USD', 0, -1000000000000000),
  ('FX-POSITION-SGD', NULL, 'internal', 'FX position SGD', 'SGD', 0, -1000000000000000),
  ('FX-POSITION-EUR', NULL, 'internal', 'FX position EUR', 'EUR', 0, -1000000000000000),
  ('FX-POSITION-JPY', NULL, 'internal', 'FX position JPY', 'JPY', 0, -1000000000000000),
  ('SETTLEMENT-BPJS', NULL, 'internal', 'Settlement BPJS', 'IDR', 0, -1000000000000000),
  ('SETTLEMENT-PLN', NULL, 'internal', 'Settlement PLN', 'IDR', 0, -1000000000000000),
  ('SETTLEMENT-PDAM', NULL, 'internal', 'Settlement PDAM', 'IDR', 0, -1000000000000000),
  ('SETTLEMENT-TELKOM', NULL, 'internal', 'Settlement Telkom', 'IDR', 0, -1000000000000000),
  ('SETTLEMENT-PULSA', NULL, 'internal', 'Settlement mobile operators', 'IDR', 0, -1000000000000000),
  ('SETTLEMENT-EWALLET', NULL, 'internal', 'Settlement e-wallets', 'IDR', 0, -1000000000000000),
  ('SETTLEMENT-DATA', NULL, 'internal', 'Settlement data plans', 'IDR', 0, -1000000000000000)
ON CONFLICT (account_no) DO NOTHING;
