-- Multi-step inquiry (flow engine v2 section 6): the earlier steps' forms and look-up answers, kept
-- by the server per customer session and flow, so each step's choices and the final inquiry are
-- checked against what the server itself answered.
CREATE TABLE transaction_inquiry_steps (
  id text PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  session_id bigint NOT NULL REFERENCES sessions(id),
  flow_id text NOT NULL,
  step int NOT NULL CHECK (step >= 1),       -- how many steps are done
  form jsonb NOT NULL,
  answers jsonb NOT NULL,                    -- by step id
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX transaction_inquiry_steps_customer_idx ON transaction_inquiry_steps (customer_id, created_at DESC);
