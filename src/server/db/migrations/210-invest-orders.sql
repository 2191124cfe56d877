-- Apply & invest, the transactions (docs/apply-and-invest.md): fund, bond and gold orders book through
-- the flow engine; each investment movement names the journal that booked it, and funds take orders in
-- multiples of an amount of their own. Photos a flow asks for (the gold saving e-KTP) are kept here too.

-- The journal of the order (null for the movements seeded before orders were booked by the engine).
ALTER TABLE investment_transactions ADD COLUMN journal_id bigint REFERENCES journal(id);
CREATE INDEX investment_transactions_journal_idx ON investment_transactions (journal_id);

-- Subscriptions are taken in multiples of this (minor units of the fund's currency): Rp 1.000 for the
-- rupiah funds, USD 1 for the dollar one.
ALTER TABLE fund_facts ADD COLUMN subscription_multiple bigint NOT NULL DEFAULT 1 CHECK (subscription_multiple > 0);
UPDATE fund_facts f SET subscription_multiple = CASE p.currency WHEN 'IDR' THEN 100000 ELSE 100 END
  FROM investment_products p WHERE p.code = f.code;

-- A photo a flow's form asks for (identity checks: the e-KTP of a gold saving registration), uploaded
-- before the inquiry and named by its random id in the form. JPEG or PNG by its first bytes, at most
-- 2 MiB; taken (used_at) by the booking that relied on it, once.
CREATE TABLE flow_photos (
  id text PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  flow_id text NOT NULL,
  mime text NOT NULL CHECK (mime IN ('image/jpeg', 'image/png')),
  size int NOT NULL CHECK (size > 0 AND size <= 2097152),
  sha256 text NOT NULL,
  content bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz
);
CREATE INDEX flow_photos_customer_idx ON flow_photos (customer_id, created_at DESC);
