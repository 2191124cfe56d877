-- Card services run as flows (convert to instalments, credit limit increase, card controls, debit card
-- link, block and unblock of a debit card). Each row names the journal of the verified flow that wrote it.

-- A credit card purchase converted into monthly instalments: once per purchase (its journal).
CREATE TABLE card_instalments (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id),
  purchase_journal_id bigint NOT NULL UNIQUE REFERENCES journal(id),
  journal_id bigint NOT NULL REFERENCES journal(id),
  principal bigint NOT NULL CHECK (principal > 0),
  tenor_months int NOT NULL CHECK (tenor_months IN (3, 6, 12)),
  monthly_rate numeric(6, 4) NOT NULL,         -- flat, percent a month
  monthly_amount bigint NOT NULL CHECK (monthly_amount > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A credit limit increase: permanent changes card_accounts.credit_limit; temporary holds until valid_until
-- (Jakarta date, inclusive) and the card's own limit is the one after it.
CREATE TABLE card_limit_changes (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id),
  journal_id bigint NOT NULL REFERENCES journal(id),
  kind text NOT NULL CHECK (kind IN ('temporary', 'permanent')),
  previous_limit bigint NOT NULL,
  new_limit bigint NOT NULL CHECK (new_limit > previous_limit),
  valid_until date,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'temporary') = (valid_until IS NOT NULL))
);
CREATE INDEX card_limit_changes_account_idx ON card_limit_changes (account_id, created_at DESC);

-- What a credit card may be used for. No row: online on, overseas off, no daily limit of its own.
CREATE TABLE card_controls (
  account_id bigint PRIMARY KEY REFERENCES accounts(id),
  online boolean NOT NULL DEFAULT true,
  overseas boolean NOT NULL DEFAULT false,
  daily_limit bigint CHECK (daily_limit > 0),  -- minor units of the card's currency; null: the credit limit
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Debit (ATM) cards: blocked or active, and linked to internet banking.
ALTER TABLE atm_cards ADD COLUMN status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'blocked'));
ALTER TABLE atm_cards ADD COLUMN linked_at timestamptz;

-- Each CVV shown: when and which card, never the CVV itself (it is derived when asked, shown, forgotten).
CREATE TABLE cvv_views (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  account_id bigint NOT NULL REFERENCES accounts(id),
  viewed_at timestamptz NOT NULL DEFAULT now()
);
