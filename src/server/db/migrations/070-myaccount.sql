-- My account: investment transactions (the mutual fund and bond histories), the customer's choice of
-- accounts hidden from the dashboard and the source-of-fund lists, limit raises waiting out their
-- cooling-off period, and transaction alert settings.

-- Every movement of an investment holding. Mutual funds: units (signed: + in, - out) at the NAV of
-- the day; bonds: face value (signed) at a price in percent of face value; coupons move no units.
-- amount is what was paid or received, minor units of the product's currency, always positive.
CREATE TABLE investment_transactions (
  id bigserial PRIMARY KEY,
  reference_no text NOT NULL UNIQUE,
  customer_id bigint NOT NULL REFERENCES customers(id),
  product_code text NOT NULL REFERENCES investment_products(code),
  kind text NOT NULL CHECK (kind IN (
    'subscription', 'redemption', 'switch_in', 'switch_out', 'buy', 'sell', 'coupon')),
  status text NOT NULL DEFAULT 'success' CHECK (status IN ('success', 'pending', 'failed')),
  units numeric(24, 4),
  nav numeric(20, 4),
  face_value bigint,
  price numeric(9, 4),
  amount bigint NOT NULL CHECK (amount >= 0),
  currency char(3) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX investment_transactions_customer_idx ON investment_transactions (customer_id, created_at DESC);

-- An account the customer hides. No row: shown everywhere.
CREATE TABLE account_visibility (
  customer_id bigint NOT NULL REFERENCES customers(id),
  account_id bigint NOT NULL REFERENCES accounts(id),
  hide_dashboard boolean NOT NULL DEFAULT false,
  hide_source boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, account_id)
);

-- Limits per category of the channels other than internet banking (whose limits are the engine's
-- own transaction_limits rows). Minor units of IDR.
CREATE TABLE channel_limits (
  customer_id bigint NOT NULL REFERENCES customers(id),
  category text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('mobile', 'atm')),
  max_per_transaction bigint NOT NULL CHECK (max_per_transaction > 0),
  daily_limit bigint NOT NULL CHECK (daily_limit >= max_per_transaction),
  PRIMARY KEY (customer_id, category, channel)
);

-- A raise of a limit: verified (OTP or approval), then it waits out a cooling-off period before it
-- applies, during which the customer can cancel it. A lowering never comes here: it applies at once.
CREATE TABLE limit_raise_requests (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  category text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('internet', 'mobile', 'atm')),
  max_per_transaction bigint NOT NULL,
  daily_limit bigint NOT NULL,
  status text NOT NULL CHECK (status IN ('awaiting_verification', 'cooling_off', 'applied', 'cancelled')),
  requested_at timestamptz NOT NULL DEFAULT now(),
  verified_at timestamptz,
  effective_at timestamptz,
  closed_at timestamptz
);
-- At most one open request per limit.
CREATE UNIQUE INDEX limit_raise_requests_open_idx ON limit_raise_requests (customer_id, category, channel)
  WHERE status IN ('awaiting_verification', 'cooling_off');

-- Transaction alerts ('transaction': the events chosen, above a threshold) and all-transaction alerts
-- ('all': every debit and credit of the accounts chosen).
CREATE TABLE alert_settings (
  customer_id bigint NOT NULL REFERENCES customers(id),
  kind text NOT NULL CHECK (kind IN ('transaction', 'all')),
  enabled boolean NOT NULL DEFAULT false,
  events text[] NOT NULL DEFAULT '{}',
  channels text[] NOT NULL DEFAULT '{}',
  min_amount bigint NOT NULL DEFAULT 0 CHECK (min_amount >= 0),
  account_ids bigint[] NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, kind)
);
