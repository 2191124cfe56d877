-- Virtual card numbers (/virtual-card-number/): a card number for online shopping that charges one of
-- the customer's credit cards, with its own limit and validity. The number and the CVV are shown to
-- the customer once, on the issuing receipt, and never stored: the card switch finds a VCN by a keyed
-- hash of its number (HMAC-SHA256 under the bank's own key, src/server/vcn/keys.ts), and checks the
-- CVV against another keyed hash bound to the number. Only the last four digits are kept in clear.
CREATE TABLE virtual_card_numbers (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  card_account_id bigint NOT NULL REFERENCES accounts(id),   -- the credit card it charges
  journal_id bigint NOT NULL REFERENCES journal(id),         -- the verified request that issued it
  number_hash text NOT NULL UNIQUE,
  cvv_hash text NOT NULL,
  last4 char(4) NOT NULL,
  expiry char(5) NOT NULL,                                   -- 'MM/YY', as printed on a card
  valid_until date NOT NULL,                                 -- last day it may be charged (Jakarta)
  nickname text,
  currency char(3) NOT NULL DEFAULT 'IDR',
  limit_amount bigint NOT NULL CHECK (limit_amount > 0),     -- minor units; all its charges together
  spent_amount bigint NOT NULL DEFAULT 0 CHECK (spent_amount >= 0 AND spent_amount <= limit_amount),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'blocked')),
  -- Wrong CVVs in a row: the third blocks the number (1,000 CVVs are guessed quickly otherwise).
  cvv_failures int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX virtual_card_numbers_customer_idx ON virtual_card_numbers (customer_id, created_at DESC);

-- Each charge a merchant made (through the card switch), with the journal that booked it on the card.
CREATE TABLE virtual_card_charges (
  id bigserial PRIMARY KEY,
  vcn_id bigint NOT NULL REFERENCES virtual_card_numbers(id),
  journal_id bigint NOT NULL REFERENCES journal(id),
  merchant text NOT NULL,
  merchant_reference text NOT NULL,                          -- the merchant's order: charged once
  amount bigint NOT NULL CHECK (amount > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (vcn_id, merchant_reference)
);
