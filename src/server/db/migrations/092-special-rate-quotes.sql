-- Special exchange rate quotes (src/server/special-rate): the rate a customer is shown on a SWIFT
-- transfer, refreshed every 10 seconds, each with an id and an expiry. The confirm names the quote it
-- showed; the rate booked is that quote's (the window it was quoted in), never a later one.
CREATE TABLE special_rate_quotes (
  id text PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  currency char(3) NOT NULL,
  buy numeric(18, 4) NOT NULL,
  sell numeric(18, 4) NOT NULL,
  quoted_at timestamptz NOT NULL,
  valid_until timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX special_rate_quotes_expiry_idx ON special_rate_quotes (valid_until);
