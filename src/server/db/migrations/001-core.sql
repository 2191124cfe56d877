-- Core bank: customers, credentials, sessions, accounts and a double-entry ledger.
-- Money is bigint minor units with an ISO 4217 currency.

CREATE TABLE customers (
  id bigserial PRIMARY KEY,
  cif text NOT NULL UNIQUE,
  user_id text UNIQUE,                      -- null until the holder registers for internet banking
  title text NOT NULL CHECK (title IN ('Mr.', 'Ms.')),
  full_name text NOT NULL,
  display_name text,                        -- personalised greeting name
  secure_word text,
  email text,
  date_of_birth date,
  cif_status text NOT NULL DEFAULT 'active' CHECK (cif_status IN ('active', 'blocked')),
  cif_blocked_text text,
  default_source_account_id bigint,
  default_receiving_account_id bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE customer_phones (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  phone text NOT NULL,
  frozen_until timestamptz,
  UNIQUE (customer_id, phone)
);

CREATE TABLE credentials (
  customer_id bigint PRIMARY KEY REFERENCES customers(id),
  password_hash text NOT NULL,
  app_pin_hash text,
  failed_attempts int NOT NULL DEFAULT 0,
  locked_until timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  customer_id bigint NOT NULL REFERENCES customers(id),
  channel text NOT NULL DEFAULT 'web' CHECK (channel IN ('web', 'mobile')),
  browser_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  idle_expires_at timestamptz NOT NULL,
  absolute_expires_at timestamptz NOT NULL,
  ended_at timestamptz,
  end_reason text
);
CREATE INDEX sessions_customer_idx ON sessions (customer_id);

-- Every account the bank keeps, customers' and its own (settlement, fee income, FX position).
CREATE TABLE accounts (
  id bigserial PRIMARY KEY,
  account_no text NOT NULL UNIQUE,
  customer_id bigint REFERENCES customers(id),
  product text NOT NULL CHECK (product IN (
    'savings', 'current', 'credit_card', 'time_deposit', 'loan', 'gold', 'internal')),
  name text NOT NULL,
  currency char(3) NOT NULL,
  balance bigint NOT NULL DEFAULT 0,
  floor bigint NOT NULL DEFAULT 0,          -- the balance may never go below this (credit cards: minus the limit)
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'blocked', 'closed')),
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (balance >= floor)
);
CREATE INDEX accounts_customer_idx ON accounts (customer_id);

ALTER TABLE customers ADD CONSTRAINT customers_default_source_fk
  FOREIGN KEY (default_source_account_id) REFERENCES accounts(id);
ALTER TABLE customers ADD CONSTRAINT customers_default_receiving_fk
  FOREIGN KEY (default_receiving_account_id) REFERENCES accounts(id);

-- One row per business transaction; its entries must sum to zero per currency.
CREATE TABLE journal (
  id bigserial PRIMARY KEY,
  reference_no text NOT NULL UNIQUE,
  customer_id bigint REFERENCES customers(id),
  flow_id text NOT NULL,
  idempotency_key text,
  status text NOT NULL CHECK (status IN ('success', 'pending', 'failed')),
  amount bigint NOT NULL,
  currency char(3) NOT NULL,
  description text NOT NULL DEFAULT '',
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (customer_id, idempotency_key)
);
CREATE INDEX journal_customer_created_idx ON journal (customer_id, created_at DESC);

CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  journal_id bigint NOT NULL REFERENCES journal(id),
  account_id bigint NOT NULL REFERENCES accounts(id),
  amount bigint NOT NULL,                   -- signed change of the account's balance
  currency char(3) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, created_at DESC);
CREATE INDEX ledger_entries_journal_idx ON ledger_entries (journal_id);

-- Limits per customer and category (transfer, payment, purchase, ...), in IDR minor units.
CREATE TABLE transaction_limits (
  customer_id bigint NOT NULL REFERENCES customers(id),
  category text NOT NULL,
  min_amount bigint NOT NULL,
  max_per_transaction bigint NOT NULL,
  daily_limit bigint NOT NULL,
  PRIMARY KEY (customer_id, category)
);
