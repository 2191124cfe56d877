-- Promo codes (spec section 3 "Promo", section 6: not with a credit card as the source of fund).
-- A programme is a code marketing publishes for a period: a reward on each transaction made with it
-- (cashback, the fee waived, or Poin Xtra), up to `tasks` transactions per customer, and Poin Xtra when
-- all are done. `quota` is how many transactions the whole programme pays for; `used` is taken in the
-- database transaction that books each one, so two customers never both get the last one.
CREATE TABLE promo_programmes (
  code text PRIMARY KEY CHECK (code ~ '^[A-Z0-9]{3,15}$'),
  name jsonb NOT NULL,                                  -- {en, id}
  description jsonb NOT NULL,                           -- {en, id}
  reward text NOT NULL CHECK (reward IN ('cashback', 'fee_waiver', 'points')),
  cashback_fixed bigint NOT NULL DEFAULT 0 CHECK (cashback_fixed >= 0),        -- IDR minor units
  cashback_bp integer NOT NULL DEFAULT 0 CHECK (cashback_bp BETWEEN 0 AND 10000), -- of the amount, in basis points
  cashback_cap bigint CHECK (cashback_cap > 0),                                -- IDR minor units
  points integer NOT NULL DEFAULT 0 CHECK (points >= 0),                       -- per transaction
  min_amount bigint NOT NULL DEFAULT 0 CHECK (min_amount >= 0),                -- IDR minor units
  flows text[] NOT NULL,                                -- flow ids, or an area as 'purchase.*'
  tasks integer NOT NULL DEFAULT 1 CHECK (tasks BETWEEN 1 AND 100),
  completion_points integer NOT NULL DEFAULT 0 CHECK (completion_points >= 0),
  quota integer NOT NULL CHECK (quota > 0),
  used integer NOT NULL DEFAULT 0 CHECK (used >= 0 AND used <= quota),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL CHECK (ends_at > starts_at),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The codes a customer applied (on the promo page, or by using one): /promocode/applied/.
CREATE TABLE promo_enrolments (
  customer_id bigint NOT NULL REFERENCES customers(id),
  code text NOT NULL REFERENCES promo_programmes(code),
  applied_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, code)
);

-- Each transaction made with a code, written with the journal that booked it.
CREATE TABLE promo_redemptions (
  id bigserial PRIMARY KEY,
  code text NOT NULL REFERENCES promo_programmes(code),
  customer_id bigint NOT NULL REFERENCES customers(id),
  journal_id bigint NOT NULL UNIQUE REFERENCES journal(id),
  reward text NOT NULL,
  reward_value bigint NOT NULL DEFAULT 0,                -- cashback or fee waived, IDR minor units
  points integer NOT NULL DEFAULT 0,                     -- Poin Xtra earned by it (completion included)
  source_account text NOT NULL,                          -- as shown: the account number
  destination jsonb NOT NULL,                            -- {en, id}: who or what was paid
  kind jsonb NOT NULL,                                   -- {en, id}: the transaction's name
  amount bigint NOT NULL,
  admin_fee bigint NOT NULL DEFAULT 0,                   -- as charged (0 when waived)
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX promo_redemptions_customer_idx ON promo_redemptions (customer_id, code, created_at DESC);
