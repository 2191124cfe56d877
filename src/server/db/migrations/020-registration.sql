-- Self-registration and credit card activation.

-- ATM (debit) cards of savings/current accounts: registration checks the last 4 digits and the PIN.
CREATE TABLE atm_cards (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id),
  card_last4 char(4) NOT NULL,
  pin_hash text NOT NULL,
  UNIQUE (account_id, card_last4)
);

-- Credit cards known to the card system, for registration by card and for activation.
CREATE TABLE credit_cards (
  id bigserial PRIMARY KEY,
  card_number text NOT NULL UNIQUE,
  customer_id bigint NOT NULL REFERENCES customers(id),
  account_id bigint REFERENCES accounts(id),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('inactive', 'active', 'blocked')),
  temporary_pin_hash text,               -- set for cards not yet activated
  pin_hash text,
  activated_at timestamptz
);
CREATE INDEX credit_cards_customer_idx ON credit_cards (customer_id);

-- One registration or card-activation attempt. The browser holds only the random token; the
-- server keeps its hash, the step reached and what was chosen (password and PIN only as argon2id hashes).
CREATE TABLE registration_sessions (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('registration', 'card_activation')),
  customer_id bigint NOT NULL REFERENCES customers(id),
  registration_type text NOT NULL,       -- casa | cc | card_activation
  step text NOT NULL,                    -- validated | userinfo | otp_verified | email_sent | done
  credit_card_id bigint REFERENCES credit_cards(id),
  draft jsonb NOT NULL DEFAULT '{}'::jsonb,
  otp_request_id text,
  email_code_hash text,
  email_code_expires_at timestamptz,
  email_attempts int NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX registration_sessions_customer_idx ON registration_sessions (customer_id);


-- Holders whose companion-app registration the simulated mobile platform refuses (partial success demo).
CREATE TABLE registration_app_failures (
  customer_id bigint PRIMARY KEY REFERENCES customers(id)
);

-- Failed credential checks (account/card data, temporary PIN) per client address and per account,
-- kept in the database so every app server behind the load balancer sees the same count.
CREATE TABLE registration_attempts (
  id bigserial PRIMARY KEY,
  client_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX registration_attempts_key_idx ON registration_attempts (client_key, created_at DESC);
