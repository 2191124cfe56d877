-- The cart (spec section 4): transactions of any flow, kept on the server for the customer (not the
-- session: a new login finds them) until each item expires, then verified once and posted one by one.
-- An item is its flow and form; its quote is an inquiry, quoted again before the cart is verified.
CREATE TABLE cart_items (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  flow_id text NOT NULL,
  form jsonb NOT NULL,
  -- The same flow and form twice is one item (refused as a duplicate).
  fingerprint text NOT NULL,
  inquiry_id text REFERENCES transaction_inquiries(id),
  added_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  UNIQUE (customer_id, fingerprint)
);
CREATE INDEX cart_items_customer_idx ON cart_items (customer_id, id);

-- One verification of the whole cart: the items as quoted for it, how it is verified, and, once
-- verified, each item's own result. An approval request is keyed by the first item's inquiry.
CREATE TABLE cart_checkouts (
  id text PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  session_id bigint NOT NULL REFERENCES sessions(id),
  items jsonb NOT NULL,
  method text NOT NULL CHECK (method IN ('otp', 'approval')),
  otp_request_id text,
  approval_inquiry_id text,
  status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'verified', 'done')),
  results jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX cart_checkouts_customer_idx ON cart_checkouts (customer_id, created_at DESC);
