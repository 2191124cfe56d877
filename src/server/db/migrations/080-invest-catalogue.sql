-- Apply & invest: the bank's product catalogue beyond the prices of migration 003, each customer's
-- risk profile, and gold saving's price history, quotes and physical pickups.

-- Savings, time deposits, credit cards, loans and insurance the bank offers. `facts` holds what a
-- customer compares for the category (rates, fees, minimums); the routes' response schemas check it.
CREATE TABLE bank_products (
  code text PRIMARY KEY,
  category text NOT NULL CHECK (category IN ('saving', 'timedeposit', 'creditcard', 'loan', 'insurance')),
  name text NOT NULL,
  currency char(3) NOT NULL DEFAULT 'IDR',
  sharia boolean NOT NULL DEFAULT false,
  facts jsonb NOT NULL,
  sort_order int NOT NULL DEFAULT 100,
  active boolean NOT NULL DEFAULT true
);
CREATE INDEX bank_products_category_idx ON bank_products (category, sort_order);

-- Yearly interest rate of a time deposit product per tenor and from an amount (tiers).
CREATE TABLE time_deposit_rates (
  product_code text NOT NULL REFERENCES bank_products(code),
  tenor_months int NOT NULL CHECK (tenor_months > 0),
  min_amount bigint NOT NULL CHECK (min_amount >= 0),   -- minor units of the product's currency
  rate numeric(7, 4) NOT NULL CHECK (rate >= 0),
  PRIMARY KEY (product_code, tenor_months, min_amount)
);

-- What a customer compares about a mutual fund, beside its latest NAV in investment_products.
CREATE TABLE fund_facts (
  code text PRIMARY KEY REFERENCES investment_products(code),
  manager text NOT NULL,
  custodian text NOT NULL,
  launch_date date NOT NULL,
  sharia boolean NOT NULL DEFAULT false,
  min_subscription bigint NOT NULL CHECK (min_subscription > 0),     -- minor units, product currency
  min_topup bigint NOT NULL CHECK (min_topup > 0),
  min_redemption_units numeric(24, 4) NOT NULL CHECK (min_redemption_units > 0),
  subscription_fee numeric(5, 2) NOT NULL CHECK (subscription_fee >= 0),   -- percent
  redemption_fee numeric(5, 2) NOT NULL CHECK (redemption_fee >= 0),
  switching_fee numeric(5, 2) NOT NULL CHECK (switching_fee >= 0),
  management_fee numeric(5, 2) NOT NULL CHECK (management_fee >= 0),      -- percent a year
  aum bigint NOT NULL CHECK (aum >= 0),                                   -- assets under management, minor units
  cutoff_time time NOT NULL DEFAULT '12:00',                             -- WIB: orders after it get the next day's NAV
  settlement_days int NOT NULL DEFAULT 1 CHECK (settlement_days BETWEEN 0 AND 7)
);

-- Daily price history: a fund's NAV per unit, or a bond's price in percent of face value.
CREATE TABLE investment_price_history (
  code text NOT NULL REFERENCES investment_products(code),
  price_date date NOT NULL,
  value numeric(20, 4) NOT NULL CHECK (value > 0),
  PRIMARY KEY (code, price_date)
);

-- Bonds: how the bank sells them. Primary offerings have a period; tradable ones a secondary
-- bid (the bank buys back at it) and offer (the customer buys at it) in percent of face value.
CREATE TABLE bond_facts (
  code text PRIMARY KEY REFERENCES investment_products(code),
  issuer text NOT NULL,
  series text NOT NULL,                     -- ORI, SR, SBR, ST, FR
  sharia boolean NOT NULL DEFAULT false,
  coupon_type text NOT NULL CHECK (coupon_type IN ('fixed', 'floating_with_floor')),
  coupon_frequency_months int NOT NULL CHECK (coupon_frequency_months IN (1, 3, 6, 12)),
  min_order bigint NOT NULL CHECK (min_order > 0),        -- face value, minor units
  order_multiple bigint NOT NULL CHECK (order_multiple > 0),
  max_order bigint,
  offer_start timestamptz,                  -- primary offering period (null: secondary only)
  offer_end timestamptz,
  settlement_date date,
  tradable boolean NOT NULL DEFAULT true,   -- retail savings bonds (SBR, ST) cannot be sold before maturity
  bid_price numeric(9, 4),
  offer_price numeric(9, 4),
  CHECK ((offer_start IS NULL) = (offer_end IS NULL) AND (offer_start IS NULL OR offer_end > offer_start))
);

-- A customer's investment risk profile (1 conservative .. 5 aggressive), from the questionnaire.
-- It expires (banks ask again every year or two); an expired profile allows nothing.
CREATE TABLE risk_profiles (
  customer_id bigint PRIMARY KEY REFERENCES customers(id),
  profile smallint NOT NULL CHECK (profile BETWEEN 1 AND 5),
  score int NOT NULL,
  answers jsonb NOT NULL,
  questionnaire_version int NOT NULL,
  assessed_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);

-- The customer's statement that they buy a product above their risk profile knowingly
-- ("additional investment risk"). Valid while the profile it was signed under is.
CREATE TABLE risk_acknowledgements (
  customer_id bigint NOT NULL REFERENCES customers(id),
  product_code text NOT NULL REFERENCES investment_products(code),
  profile smallint NOT NULL,
  acknowledged_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (customer_id, product_code)
);

-- Investor identity for funds and bonds: KSEI's single investor id (SID) and the securities
-- sub-account at the custodian. Without them nothing can be bought (spec section 8: KSEI 04, 1513).
CREATE TABLE investor_accounts (
  customer_id bigint PRIMARY KEY REFERENCES customers(id),
  sid text NOT NULL UNIQUE,
  securities_account_no text NOT NULL UNIQUE,
  registered_at timestamptz NOT NULL DEFAULT now()
);

-- Gold: the provider's prices over time (the chart), the quotes customers were given, and the
-- physical pickups (bars printed at the pawnshop partner and collected at one of its branches).
CREATE TABLE gold_price_history (
  priced_at timestamptz PRIMARY KEY,
  buy_per_gram bigint NOT NULL CHECK (buy_per_gram > 0),
  sell_per_gram bigint NOT NULL CHECK (sell_per_gram > 0)
);

CREATE TABLE gold_quotes (
  id text PRIMARY KEY,                      -- random, handed to the customer
  customer_id bigint NOT NULL REFERENCES customers(id),
  side text NOT NULL CHECK (side IN ('buy', 'sell')),
  price_per_gram bigint NOT NULL CHECK (price_per_gram > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX gold_quotes_customer_idx ON gold_quotes (customer_id, created_at DESC);

CREATE TABLE gold_pickups (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  transaction_ref text NOT NULL UNIQUE,
  provider_ref text NOT NULL,
  pawn_branch_ref text NOT NULL,
  branch text NOT NULL,
  zone text NOT NULL,
  grams bigint NOT NULL CHECK (grams > 0),  -- 1/10000 gram, as the gold account
  status text NOT NULL CHECK (status IN ('in_progress', 'ready_for_pickup', 'collected')),
  requested_at timestamptz NOT NULL,
  arrived_at timestamptz,
  collected_at timestamptz,
  CHECK ((status = 'in_progress') = (arrived_at IS NULL)),
  CHECK ((status = 'collected') = (collected_at IS NOT NULL))
);
CREATE INDEX gold_pickups_customer_idx ON gold_pickups (customer_id, requested_at DESC);
