-- My business (/mybusiness/, /mybusiness/merchant-report/): a customer's merchants (QRIS and EDC
-- acceptance, settled to one of their accounts), the acquirer's record of their sales, and the
-- reports a customer asks for: generated in the background, polled, then downloaded.
CREATE TABLE merchants (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  mid text NOT NULL UNIQUE,                   -- the merchant id printed on the QRIS sticker
  name text NOT NULL,
  category text NOT NULL,
  settlement_account_id bigint REFERENCES accounts(id),
  mdr_bps int NOT NULL DEFAULT 30 CHECK (mdr_bps BETWEEN 0 AND 1000),   -- fee, basis points
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX merchants_customer_idx ON merchants (customer_id);

CREATE TABLE merchant_transactions (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants(id),
  reference_no text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('qris', 'edc')),
  payer text NOT NULL,                         -- the paying app or card brand
  amount bigint NOT NULL CHECK (amount > 0),   -- IDR minor units
  fee bigint NOT NULL CHECK (fee >= 0),
  status text NOT NULL DEFAULT 'settled' CHECK (status IN ('settled', 'refunded')),
  created_at timestamptz NOT NULL
);
CREATE INDEX merchant_transactions_idx ON merchant_transactions (merchant_id, created_at DESC);

CREATE TABLE merchant_reports (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  merchant_id bigint NOT NULL REFERENCES merchants(id),
  period_from date NOT NULL,
  period_to date NOT NULL,
  format text NOT NULL CHECK (format IN ('csv', 'pdf')),
  lang text NOT NULL CHECK (lang IN ('en', 'id')),
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'processing', 'ready', 'failed')),
  file_name text,
  content bytea,
  row_count int,
  idempotency_key text NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  ready_at timestamptz,
  UNIQUE (customer_id, idempotency_key),
  CHECK (period_from <= period_to)
);
CREATE INDEX merchant_reports_customer_idx ON merchant_reports (customer_id, requested_at DESC);
