-- A receipt's check code: printed (with a QR code) on the receipt PDF, it opens a public page that
-- says whether the bank booked such a transaction and shows it masked, so a merchant can tell a real
-- receipt from an edited screenshot. Random (50 bits), one per journal, made when first asked for.
CREATE TABLE receipt_codes (
  code text PRIMARY KEY CHECK (code ~ '^[0-9A-HJKMNP-TV-Z]{10}$'),
  journal_id bigint NOT NULL UNIQUE REFERENCES journal(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
