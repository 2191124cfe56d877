-- Mass transfer, mass payment and mass purchase (src/server/batches): a batch is rows of one kind from a
-- sheet (or typed), each row a flow's form quoted as that flow's inquiry, with its own errors. The whole
-- batch is verified once (OTP or app approval, as the cart: src/server/transactions/verify-once.ts), then
-- each good row is posted on its own through the engine's one posting path with its own result, or, for
-- a future date, becomes one scheduled instruction (scheduled_transfers.mass_batch_id) the scheduler runs
-- once. Editing a scheduled batch makes a new draft that replaces it when verified.
CREATE TABLE batches (
  id text PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  kind text NOT NULL CHECK (kind IN ('transfer', 'payment', 'purchase')),
  source_of_fund text NOT NULL,
  status text NOT NULL DEFAULT 'draft'
    CHECK (status IN ('draft', 'waiting', 'verified', 'done', 'scheduled', 'replaced', 'cancelled')),
  -- A future date: the rows run then (the scheduler); null: now.
  run_date date,
  -- The one verification of the batch.
  session_id bigint REFERENCES sessions(id),
  method text CHECK (method IN ('otp', 'approval')),
  otp_request_id text,
  approval_inquiry_id text,
  verify_expires_at timestamptz,
  -- A draft editing a scheduled batch: the batch it replaces once verified.
  replaces text REFERENCES batches(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX batches_customer_idx ON batches (customer_id, created_at DESC);

-- One row of a batch: what was read (cells, shown back on the row), the flow and form it makes, its
-- quote (an inquiry), its errors (per column, both languages) and, once run, its result.
CREATE TABLE batch_rows (
  batch_id text NOT NULL REFERENCES batches(id) ON DELETE CASCADE,
  line int NOT NULL CHECK (line > 0),
  cells jsonb NOT NULL,
  flow_id text,
  form jsonb,
  inquiry_id text,
  errors jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- What the page shows of the quote: beneficiary or biller's name, amount, fee, total.
  quoted jsonb,
  status text CHECK (status IN ('success', 'pending', 'failed', 'scheduled')),
  result jsonb,
  instruction_id bigint REFERENCES scheduled_transfers(id),
  PRIMARY KEY (batch_id, line)
);
CREATE INDEX batch_rows_instruction_idx ON batch_rows (instruction_id) WHERE instruction_id IS NOT NULL;
