-- My goals: a target and a date, saved in a savings account of the goal's own, funded by a monthly
-- scheduled transfer (scheduled_transfers, run by the server's scheduler) from the customer's account.
CREATE TABLE goals (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  name text NOT NULL,
  category text NOT NULL DEFAULT 'other',
  target_amount bigint NOT NULL CHECK (target_amount > 0),
  currency char(3) NOT NULL DEFAULT 'IDR',
  target_date date NOT NULL,
  account_id bigint NOT NULL REFERENCES accounts(id),          -- where the goal's money is kept
  source_account_id bigint NOT NULL REFERENCES accounts(id),   -- where the monthly transfer comes from
  instruction_id bigint NOT NULL REFERENCES scheduled_transfers(id),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'closed')),
  journal_id bigint REFERENCES journal(id),                    -- the verified create
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX goals_customer_idx ON goals (customer_id, created_at);
