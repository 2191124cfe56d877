-- Flows that move no money (card block, ARO start/stop, a credential change, a risk profile): their
-- confirm writes a journal with no ledger entries (amount 0, limit category 'none'), which gives them a
-- reference number, idempotency and a receipt like any transaction. What they ask for is recorded here,
-- in the same database transaction, for the back office (or a domain's own executor changes its own
-- tables instead or as well).
CREATE TABLE service_requests (
  id bigserial PRIMARY KEY,
  journal_id bigint NOT NULL UNIQUE REFERENCES journal(id),
  customer_id bigint NOT NULL REFERENCES customers(id),
  flow_id text NOT NULL,
  kind text NOT NULL,
  form jsonb NOT NULL,
  status text NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'done', 'refused')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX service_requests_customer_kind_idx ON service_requests (customer_id, kind, status);
