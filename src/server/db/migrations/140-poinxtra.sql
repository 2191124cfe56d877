-- Poin Xtra moves through the flow engine (redeem, transfer, mileage): each movement names its kind
-- and what it bought, the bonus-points choice is the customer's, and cashback is redeemed against one
-- card transaction at most up to its amount.
ALTER TABLE poin_xtra ADD COLUMN bonus_enabled boolean NOT NULL DEFAULT false;

ALTER TABLE poin_xtra_history ADD COLUMN kind text NOT NULL DEFAULT 'earn'
  CHECK (kind IN ('earn', 'bonus', 'cashback', 'voucher', 'transfer-out', 'transfer-in', 'mileage'));
ALTER TABLE poin_xtra_history ADD COLUMN detail jsonb NOT NULL DEFAULT '{}'::jsonb;

CREATE TABLE poin_xtra_cashback (
  id bigserial PRIMARY KEY,
  entry_id bigint NOT NULL REFERENCES ledger_entries(id),   -- the card transaction paid back
  journal_id bigint NOT NULL REFERENCES journal(id),        -- the redeem
  amount bigint NOT NULL CHECK (amount > 0),                 -- IDR minor units credited to the card
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX poin_xtra_cashback_entry_idx ON poin_xtra_cashback (entry_id);
