-- QRIS (issue 41): what a merchant's QRIS codes carry, the dynamic codes a merchant makes for one sale,
-- and the sales paid by QRIS tied to the journal that paid them.

-- The merchant's QRIS identity: printed on its static code (the sticker on the counter) and written
-- into every dynamic one. NULL for a merchant that does not accept QRIS.
ALTER TABLE merchants
  ADD COLUMN nmid text UNIQUE,               -- national merchant id (tag 51.02), "ID" + up to 13
  ADD COLUMN qris_pan text,                  -- merchant PAN (tag 26.01), 19 digits
  ADD COLUMN mcc text CHECK (mcc ~ '^[0-9]{4}$'),
  ADD COLUMN city text,                      -- tag 60, at most 15 characters
  ADD COLUMN postal_code text,               -- tag 61
  ADD COLUMN terminal_label text,            -- tag 62.07 of the static code
  ADD COLUMN tip text NOT NULL DEFAULT 'none' CHECK (tip IN ('none', 'prompt'));

-- Demo data seeded before this migration: Kopi Santoso is docs/qris.md's merchant.
UPDATE merchants
   SET nmid = 'ID1026000827310', qris_pan = '9360002200000827310', mcc = '5814',
       city = 'JAKARTA SELATAN', postal_code = '12190', terminal_label = 'A01', tip = 'prompt'
 WHERE mid = 'OCTO0082731';

-- A dynamic code: one sale's amount, paid once, until it expires or the merchant cancels it.
CREATE TABLE qris_codes (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants(id),
  reference_label text NOT NULL UNIQUE,       -- tag 62.05: how a payment finds its code
  bill_number text,                           -- tag 62.01, the merchant's own (optional)
  amount bigint NOT NULL CHECK (amount > 0),  -- IDR minor units
  payload text NOT NULL,                      -- exactly what the QR carries; a payment must match it
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'cancelled')),
  idempotency_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  paid_at timestamptz,
  journal_id bigint REFERENCES journal(id),
  UNIQUE (merchant_id, idempotency_key),
  CHECK ((status = 'paid') = (journal_id IS NOT NULL))
);
CREATE INDEX qris_codes_merchant_idx ON qris_codes (merchant_id, created_at DESC);

-- A sale paid through this bank's QRIS: the journal that paid it (one sale per journal).
ALTER TABLE merchant_transactions ADD COLUMN journal_id bigint UNIQUE REFERENCES journal(id);
