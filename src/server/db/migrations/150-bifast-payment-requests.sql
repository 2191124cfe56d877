-- BI-FAST request for payment (src/server/transfers/bifast-rfp.ts): requests a customer sends to
-- another bank's customer by proxy (mobile number or email alias), and requests other banks'
-- customers send to ours. An incoming request is paid by a BI-FAST transfer whose receipt names it.
CREATE TABLE bifast_payment_requests (
  id bigserial PRIMARY KEY,
  reference text NOT NULL UNIQUE,
  customer_id bigint NOT NULL REFERENCES customers(id),
  direction text NOT NULL CHECK (direction IN ('outgoing', 'incoming')),
  proxy_type text NOT NULL CHECK (proxy_type IN ('mobile', 'email')),
  proxy text NOT NULL,
  counterparty_name text NOT NULL,
  counterparty_bank char(3) NOT NULL,
  counterparty_account text NOT NULL,
  -- outgoing: the customer's account the money is to reach
  account_id bigint REFERENCES accounts(id),
  amount bigint NOT NULL CHECK (amount > 0),
  currency char(3) NOT NULL DEFAULT 'IDR',
  message text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'sent' CHECK (status IN ('sent', 'paid', 'expired', 'declined')),
  journal_id bigint REFERENCES journal(id),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bifast_payment_requests_customer_idx ON bifast_payment_requests (customer_id, direction, created_at DESC);
