-- App approvals: a request pushed to the customer's companion app for one inquiry.
CREATE TABLE approval_requests (
  id text PRIMARY KEY,
  inquiry_id text NOT NULL REFERENCES transaction_inquiries(id),
  customer_id bigint NOT NULL REFERENCES customers(id),
  summary jsonb NOT NULL,                   -- the exact transaction details the app shows
  status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'approved', 'rejected', 'cancelled')),
  resends int NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  decided_at timestamptz,
  decided_session_id bigint REFERENCES sessions(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX approval_requests_inquiry_idx ON approval_requests (inquiry_id, created_at DESC);
CREATE INDEX approval_requests_customer_idx ON approval_requests (customer_id, status, expires_at);
