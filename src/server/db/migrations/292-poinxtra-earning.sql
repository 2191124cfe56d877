-- Poin Xtra earned on card spending: each card debit booked by the engine earns points once (a batch
-- any app server may run; the entry is the key), doubled in a bonus period for customers who turned
-- bonus points on (rules/poinxtra-earning.json).
CREATE TABLE poin_xtra_awards (
  entry_id bigint PRIMARY KEY REFERENCES ledger_entries(id),
  customer_id bigint NOT NULL REFERENCES customers(id),
  points integer NOT NULL CHECK (points >= 0),
  bonus_points integer NOT NULL DEFAULT 0 CHECK (bonus_points >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
