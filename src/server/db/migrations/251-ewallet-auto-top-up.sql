-- E-wallet linking with auto top-up (/autotopup/gopay/, spec section 1): a linked e-wallet account is
-- topped up from a savings/current account whenever its balance falls below the customer's threshold.
-- Linking is a verified flow (journal_id names it); each top-up is an ordinary e-wallet top-up journal.
CREATE TABLE ewallet_links (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  provider text NOT NULL,                          -- providers/ewallet.json code, e.g. GOPAY
  phone_number text NOT NULL,                      -- the e-wallet account
  account_name text NOT NULL,                      -- as the e-wallet answered at linking
  source_account_id bigint NOT NULL REFERENCES accounts(id),
  threshold bigint NOT NULL CHECK (threshold > 0), -- IDR minor units: top up when the balance is below
  topup_amount bigint NOT NULL CHECK (topup_amount > 0),
  -- The e-wallet's balance as the partner last reported it (simulated: it falls as the customer pays
  -- with the e-wallet, and rises with each top-up once paid).
  wallet_balance bigint NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'unlinked')),
  journal_id bigint NOT NULL REFERENCES journal(id),
  -- A check of the link by one app server at a time (the scheduler and a balance report share it).
  lease_until timestamptz,
  -- After a refused top-up (no funds, a limit) the next try waits until then.
  retry_after timestamptz,
  linked_at timestamptz NOT NULL DEFAULT now(),
  unlinked_at timestamptz
);
CREATE UNIQUE INDEX ewallet_links_active_idx ON ewallet_links (customer_id, provider) WHERE status = 'active';

CREATE TABLE ewallet_topups (
  id bigserial PRIMARY KEY,
  link_id bigint NOT NULL REFERENCES ewallet_links(id),
  seq int NOT NULL,                                -- the link's n-th top-up: its idempotency key
  journal_id bigint REFERENCES journal(id),        -- none when refused before booking
  amount bigint NOT NULL,
  balance_before bigint NOT NULL,
  status text NOT NULL CHECK (status IN ('success', 'pending', 'failed')),
  error jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (link_id, seq)
);
CREATE INDEX ewallet_topups_link_idx ON ewallet_topups (link_id, created_at DESC);
