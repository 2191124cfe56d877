-- BI-FAST proxies: a customer's own mobile number or e-mail, registered to receive BI-FAST transfers into
-- one of their accounts. One active registration per proxy value across the bank's customers.
CREATE TABLE bifast_aliases (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  kind text NOT NULL CHECK (kind IN ('phone', 'email')),
  value text NOT NULL,
  account_id bigint NOT NULL REFERENCES accounts(id),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'removed')),
  journal_id bigint REFERENCES journal(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  removed_at timestamptz
);
CREATE UNIQUE INDEX bifast_aliases_active_idx ON bifast_aliases (lower(value)) WHERE status = 'active';
CREATE INDEX bifast_aliases_customer_idx ON bifast_aliases (customer_id);
