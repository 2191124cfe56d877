-- Products beyond plain accounts: cards, deposits, loans, investments, insurance, gold, points,
-- exchange rates and maintenance banners. Every product that holds money still has its row in
-- `accounts` (balance + ledger); these tables add what the product needs on top.

-- Credit cards. The card's account row (product 'credit_card') has balance = minus the outstanding
-- and floor = minus the limit. A supplementary card has its own account row, held by the
-- supplementary customer, with details {supplementary: true, mainAccountId} and main_account_id here.
CREATE TABLE card_accounts (
  account_id bigint PRIMARY KEY REFERENCES accounts(id),
  card_no text NOT NULL UNIQUE,
  masked_number text NOT NULL,
  card_name text NOT NULL,                    -- product name on the card, e.g. 'Octo Card World'
  embossed_name text NOT NULL,
  credit_limit bigint NOT NULL CHECK (credit_limit >= 0),
  main_account_id bigint REFERENCES accounts(id),
  expiry_month text NOT NULL,                 -- 'MM/YY'
  statement_day int NOT NULL CHECK (statement_day BETWEEN 1 AND 28),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'blocked', 'inactive', 'closed'))
);
CREATE INDEX card_accounts_main_idx ON card_accounts (main_account_id);

-- Time deposits: the account row's balance is the principal.
CREATE TABLE time_deposits (
  account_id bigint PRIMARY KEY REFERENCES accounts(id),
  principal bigint NOT NULL CHECK (principal > 0),
  rate numeric(7, 4) NOT NULL,                -- yearly percent, e.g. 4.2500
  tenor_months int NOT NULL CHECK (tenor_months > 0),
  placement_date date NOT NULL,
  maturity_date date NOT NULL,
  aro boolean NOT NULL DEFAULT true,          -- automatic roll-over at maturity
  disbursement_account_id bigint REFERENCES accounts(id)
);

-- Loans: the account row's balance is minus the outstanding principal.
CREATE TABLE loans (
  account_id bigint PRIMARY KEY REFERENCES accounts(id),
  loan_type text NOT NULL,
  plafond bigint NOT NULL CHECK (plafond > 0),
  rate numeric(7, 4) NOT NULL,
  tenor_months int NOT NULL CHECK (tenor_months > 0),
  installment bigint NOT NULL CHECK (installment > 0),
  start_date date NOT NULL,
  next_due_date date NOT NULL,
  debit_account_id bigint REFERENCES accounts(id)
);

-- Investment products the bank sells (mutual funds and bonds) with their latest price.
-- Mutual funds: nav is the price of one unit in the product's currency (major units).
-- Bonds: price is a percent of face value.
CREATE TABLE investment_products (
  code text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('mutual_fund', 'bond')),
  name text NOT NULL,
  currency char(3) NOT NULL,
  fund_type text,                             -- money market, fixed income, balanced, equity
  risk_level int NOT NULL CHECK (risk_level BETWEEN 1 AND 5),
  nav numeric(20, 4),                         -- mutual funds
  price numeric(9, 4),                        -- bonds, percent of face value
  coupon_rate numeric(7, 4),                  -- bonds
  maturity_date date,                         -- bonds
  price_date date NOT NULL,
  CHECK ((kind = 'mutual_fund' AND nav IS NOT NULL) OR (kind = 'bond' AND price IS NOT NULL))
);

CREATE TABLE investment_holdings (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  product_code text NOT NULL REFERENCES investment_products(code),
  units numeric(24, 4),                       -- mutual funds
  face_value bigint,                          -- bonds, minor units of the product currency
  cost bigint NOT NULL DEFAULT 0,             -- what the customer paid, minor units
  investment_account_no text NOT NULL,        -- SID / custody account shown on statements
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (customer_id, product_code)
);

CREATE TABLE insurance_policies (
  policy_no text PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  provider text NOT NULL,                     -- e.g. 'SLFI' (Sun Life), 'SOMPO'
  product text NOT NULL,
  currency char(3) NOT NULL,
  sum_assured bigint NOT NULL,
  premium bigint NOT NULL,
  premium_frequency text NOT NULL DEFAULT 'monthly',
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'lapsed', 'matured', 'terminated')),
  start_date date NOT NULL,
  end_date date
);
CREATE INDEX insurance_policies_customer_idx ON insurance_policies (customer_id);

-- Gold savings live in an `accounts` row (product 'gold', currency 'XAU', balance in 1/10000 gram);
-- the bank's gold prices per gram in IDR minor units:
CREATE TABLE gold_prices (
  id int PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  buy_per_gram bigint NOT NULL,               -- the customer buys at this
  sell_per_gram bigint NOT NULL,              -- the customer sells (and is valued) at this
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE poin_xtra (
  customer_id bigint PRIMARY KEY REFERENCES customers(id),
  points bigint NOT NULL DEFAULT 0 CHECK (points >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE poin_xtra_history (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  points bigint NOT NULL,                     -- signed
  description text NOT NULL,
  journal_id bigint REFERENCES journal(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX poin_xtra_history_customer_idx ON poin_xtra_history (customer_id, created_at DESC);

-- Board (counter) rates: IDR per one unit of the currency, as exact decimals.
CREATE TABLE exchange_rates (
  currency char(3) PRIMARY KEY,
  name_eng text NOT NULL,
  name_idn text NOT NULL,
  buy numeric(18, 4) NOT NULL CHECK (buy > 0),   -- the bank buys the currency from the customer
  sell numeric(18, 4) NOT NULL CHECK (sell >= buy),
  sort_order int NOT NULL DEFAULT 100,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Maintenance banners per page (login, dashboard, payment, purchase, transfer).
CREATE TABLE maintenance_banners (
  key text PRIMARY KEY,
  page text NOT NULL CHECK (page IN ('login', 'dashboard', 'payment', 'purchase', 'transfer')),
  title_eng text NOT NULL,
  title_idn text NOT NULL,
  message_eng text NOT NULL,
  message_idn text NOT NULL,
  starts_at timestamptz,
  ends_at timestamptz,
  active boolean NOT NULL DEFAULT true
);
CREATE INDEX maintenance_banners_page_idx ON maintenance_banners (page);

-- A dismissal hides the banner for the customer until a login on a later (Jakarta) day.
CREATE TABLE banner_dismissals (
  customer_id bigint NOT NULL REFERENCES customers(id),
  banner_key text NOT NULL REFERENCES maintenance_banners(key) ON DELETE CASCADE,
  dismissed_on date NOT NULL,                 -- Asia/Jakarta calendar date of the dismissal
  dismissed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, banner_key)
);

-- Reference data, not personas: the bank's last published board rates and gold price, so a fresh
-- production database can quote FX before the treasury feed first updates them.
INSERT INTO exchange_rates (currency, name_eng, name_idn, buy, sell, sort_order) VALUES
  ('USD', 'US Dollar', 'Dolar Amerika Serikat', 16185.0000, 16435.0000, 1),
  ('SGD', 'Singapore Dollar', 'Dolar Singapura', 12420.5000, 12655.5000, 2),
  ('EUR', 'Euro', 'Euro', 18710.2500, 19060.2500, 3),
  ('JPY', 'Japanese Yen', 'Yen Jepang', 106.4200, 109.3800, 4),
  ('AUD', 'Australian Dollar', 'Dolar Australia', 10540.7500, 10775.7500, 5),
  ('GBP', 'British Pound', 'Pound Sterling Inggris', 21420.0000, 21820.0000, 6),
  ('CNY', 'Chinese Yuan', 'Yuan Tiongkok', 2225.1500, 2290.1500, 7),
  ('SAR', 'Saudi Riyal', 'Riyal Arab Saudi', 4290.3000, 4395.3000, 8),
  ('HKD', 'Hong Kong Dollar', 'Dolar Hong Kong', 2065.4000, 2118.4000, 9),
  ('MYR', 'Malaysian Ringgit', 'Ringgit Malaysia', 3640.8000, 3745.8000, 10),
  ('THB', 'Thai Baht', 'Baht Thailand', 471.2000, 487.2000, 11),
  ('CHF', 'Swiss Franc', 'Franc Swiss', 19280.0000, 19690.0000, 12),
  ('NZD', 'New Zealand Dollar', 'Dolar Selandia Baru', 9610.4000, 9845.4000, 13);

INSERT INTO gold_prices (id, buy_per_gram, sell_per_gram) VALUES (1, 165800000, 154200000);
