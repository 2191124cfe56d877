-- Login, sessions and forgot flows (auth server).

-- 'fds': the bank challenges every login of this customer with an OTP;
-- 'bds': a login from a browser id never seen for this customer is challenged.
ALTER TABLE customers ADD COLUMN login_challenge text CHECK (login_challenge IN ('fds', 'bds'));

-- Browser ids that completed a login (or a challenge) for a customer: the BDS memory.
CREATE TABLE known_browsers (
  customer_id bigint NOT NULL REFERENCES customers(id),
  browser_id text NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, browser_id)
);

-- Failed credential checks per submitted identifier (existing or not), keyed by a hash so typed
-- secrets that land in the wrong field are not kept in clear. 5 failures lock it for 15 minutes.
CREATE TABLE auth_failures (
  key_hash text PRIMARY KEY,
  failures int NOT NULL DEFAULT 0,
  last_failed_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz
);

-- Server-side secrets created on first use (the HMAC key of the secure-word decoy).
CREATE TABLE auth_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A password that was right but needs an OTP first (FDS / BDS), bound to the browser that asked.
CREATE TABLE login_challenges (
  id bigserial PRIMARY KEY,
  challenge_hash text NOT NULL UNIQUE,
  customer_id bigint NOT NULL REFERENCES customers(id),
  kind text NOT NULL CHECK (kind IN ('fds', 'bds')),
  browser_id text NOT NULL,
  otp_request_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX login_challenges_customer_idx ON login_challenges (customer_id);

-- Forgot user id / password / e-debit number: credentials accepted, OTP pending.
CREATE TABLE forgot_requests (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('userid', 'password', 'edebit')),
  customer_id bigint NOT NULL REFERENCES customers(id),
  -- the account whose debit card the e-debit flow reports
  account_id bigint REFERENCES accounts(id),
  phone_id bigint REFERENCES customer_phones(id),
  otp_request_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX forgot_requests_customer_idx ON forgot_requests (customer_id);

CREATE INDEX sessions_customer_created_idx ON sessions (customer_id, created_at DESC);

-- User ids compare case-insensitively at login, so they must be unique that way too.
CREATE UNIQUE INDEX customers_user_id_lower_idx ON customers (lower(user_id));
