-- Insurance policies in detail (the bancassurance 'BA' and Sun Life 'SLFI' pages of My account): the
-- policy's own terms, who receives the benefit, the premiums paid, the claims made and, for unit-linked
-- plans, the funds the premiums are invested in.

CREATE TABLE insurance_policy_terms (
  policy_no text PRIMARY KEY REFERENCES insurance_policies(policy_no),
  plan_type text NOT NULL CHECK (plan_type IN ('protection', 'unit_link')),
  insured_name text NOT NULL,
  payment_method text NOT NULL,             -- 'autodebit:<account no>' or 'credit_card:<masked>'
  next_premium_date date,
  grace_days int NOT NULL DEFAULT 30,
  riders text[] NOT NULL DEFAULT '{}'
);

CREATE TABLE insurance_beneficiaries (
  id bigserial PRIMARY KEY,
  policy_no text NOT NULL REFERENCES insurance_policies(policy_no),
  name text NOT NULL,
  relation text NOT NULL CHECK (relation IN ('spouse', 'child', 'parent', 'sibling', 'other')),
  date_of_birth date,
  share_percent numeric(5, 2) NOT NULL CHECK (share_percent > 0 AND share_percent <= 100)
);
CREATE INDEX insurance_beneficiaries_policy_idx ON insurance_beneficiaries (policy_no);

CREATE TABLE insurance_premiums (
  id bigserial PRIMARY KEY,
  policy_no text NOT NULL REFERENCES insurance_policies(policy_no),
  period text NOT NULL,                     -- 'YYYY-MM'
  amount bigint NOT NULL CHECK (amount > 0),
  currency char(3) NOT NULL,
  status text NOT NULL CHECK (status IN ('paid', 'failed', 'due')),
  paid_at timestamptz
);
CREATE INDEX insurance_premiums_policy_idx ON insurance_premiums (policy_no, period DESC);

CREATE TABLE insurance_claims (
  claim_no text PRIMARY KEY,
  policy_no text NOT NULL REFERENCES insurance_policies(policy_no),
  kind text NOT NULL CHECK (kind IN ('hospital', 'critical_illness', 'accident', 'death', 'withdrawal')),
  submitted_on date NOT NULL,
  claimed bigint NOT NULL CHECK (claimed > 0),
  paid bigint,
  currency char(3) NOT NULL,
  status text NOT NULL CHECK (status IN ('submitted', 'in_review', 'paid', 'rejected')),
  settled_on date
);
CREATE INDEX insurance_claims_policy_idx ON insurance_claims (policy_no, submitted_on DESC);

CREATE TABLE insurance_funds (
  policy_no text NOT NULL REFERENCES insurance_policies(policy_no),
  fund_code text NOT NULL,
  fund_name text NOT NULL,
  risk_level int NOT NULL CHECK (risk_level BETWEEN 1 AND 5),
  allocation_percent numeric(5, 2) NOT NULL,
  units numeric(24, 4) NOT NULL,
  unit_price numeric(20, 4) NOT NULL,
  price_date date NOT NULL,
  PRIMARY KEY (policy_no, fund_code)
);
