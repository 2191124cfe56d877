-- Scheduled and recurring transfers (src/server/schedules). An instruction says what to post (a flow and
-- its verified form) and when: once on a date, or recurring (every n days, a day of the week, a day of
-- the month or its end) until an end date or a number of transfers. The scheduler claims due
-- instructions under a lease (FOR UPDATE SKIP LOCKED, any number of app servers) and posts each
-- occurrence with the idempotency key "sched-<id>-<date>": the journal's (customer, key) uniqueness
-- makes an occurrence post once even when a lease runs out mid-run and another server takes it.

CREATE TABLE scheduled_transfers (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  flow_id text NOT NULL,
  form jsonb NOT NULL,
  -- What the list shows without a look-up: beneficiary, bank, method, source account.
  summary jsonb NOT NULL DEFAULT '{}'::jsonb,
  amount bigint NOT NULL CHECK (amount > 0),
  currency char(3) NOT NULL,
  kind text NOT NULL CHECK (kind IN ('once', 'recurring')),
  -- {"every":"day","interval":n} | {"every":"week","dayOfWeek":1-7} | {"every":"month","dayOfMonth":1-31|"EOM"}
  recurrence jsonb,
  start_date date NOT NULL,
  end_date date,
  max_runs int CHECK (max_runs IS NULL OR max_runs > 0),
  -- Transfers that clear through SKN/RTGS run on business days only (a weekend or holiday moves them on).
  business_days_only boolean NOT NULL DEFAULT false,
  -- A mass transfer scheduled as a whole (edit-scheduled-masstransaction) names its batch.
  mass_batch_id text,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished', 'cancelled', 'suspended')),
  -- The next occurrence as scheduled (its nominal date) and when it is run (business day, hour, retries).
  next_run_date date,
  next_run_at timestamptz,
  attempt int NOT NULL DEFAULT 0,
  runs_done int NOT NULL DEFAULT 0,
  failures_in_a_row int NOT NULL DEFAULT 0,
  lease_until timestamptz,
  version int NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (kind = 'once' OR recurrence IS NOT NULL),
  CHECK (kind = 'once' OR end_date IS NOT NULL OR max_runs IS NOT NULL)
);
CREATE INDEX scheduled_transfers_customer_idx ON scheduled_transfers (customer_id, status);
CREATE INDEX scheduled_transfers_due_idx ON scheduled_transfers (next_run_at) WHERE status = 'active';

-- One row per occurrence: its outcome (and the journal it posted), written with the instruction's advance.
CREATE TABLE scheduled_runs (
  instruction_id bigint NOT NULL REFERENCES scheduled_transfers(id) ON DELETE CASCADE,
  run_date date NOT NULL,
  status text NOT NULL CHECK (status IN ('success', 'pending', 'failed', 'retrying')),
  attempts int NOT NULL DEFAULT 1,
  journal_id bigint REFERENCES journal(id),
  reference_no text,
  reason text,
  error jsonb,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (instruction_id, run_date)
);

-- The bank's non-business days besides weekends (Indonesian national holidays and collective leave,
-- as the operations calendar publishes them; operations keeps this table up to date each year).
CREATE TABLE bank_holidays (
  day date PRIMARY KEY,
  name_eng text NOT NULL,
  name_idn text NOT NULL
);
INSERT INTO bank_holidays (day, name_eng, name_idn) VALUES
  ('2026-01-01', 'New Year''s Day', 'Tahun Baru Masehi'),
  ('2026-01-16', 'Isra Mi''raj', 'Isra Mikraj Nabi Muhammad SAW'),
  ('2026-02-17', 'Chinese New Year', 'Tahun Baru Imlek'),
  ('2026-03-19', 'Nyepi', 'Hari Suci Nyepi'),
  ('2026-03-20', 'Eid al-Fitr', 'Idul Fitri'),
  ('2026-03-21', 'Eid al-Fitr', 'Idul Fitri'),
  ('2026-03-23', 'Eid al-Fitr collective leave', 'Cuti bersama Idul Fitri'),
  ('2026-04-03', 'Good Friday', 'Wafat Yesus Kristus'),
  ('2026-05-01', 'Labour Day', 'Hari Buruh Internasional'),
  ('2026-05-14', 'Ascension of Jesus', 'Kenaikan Yesus Kristus'),
  ('2026-05-27', 'Eid al-Adha', 'Idul Adha'),
  ('2026-05-31', 'Vesak', 'Hari Raya Waisak'),
  ('2026-06-01', 'Pancasila Day', 'Hari Lahir Pancasila'),
  ('2026-06-16', 'Islamic New Year', 'Tahun Baru Islam'),
  ('2026-08-17', 'Independence Day', 'Hari Kemerdekaan RI'),
  ('2026-08-25', 'Prophet''s Birthday', 'Maulid Nabi Muhammad SAW'),
  ('2026-12-24', 'Christmas collective leave', 'Cuti bersama Natal'),
  ('2026-12-25', 'Christmas Day', 'Hari Raya Natal'),
  ('2027-01-01', 'New Year''s Day', 'Tahun Baru Masehi'),
  ('2027-02-06', 'Chinese New Year', 'Tahun Baru Imlek'),
  ('2027-03-10', 'Eid al-Fitr', 'Idul Fitri'),
  ('2027-03-11', 'Eid al-Fitr', 'Idul Fitri'),
  ('2027-03-26', 'Good Friday', 'Wafat Yesus Kristus'),
  ('2027-05-01', 'Labour Day', 'Hari Buruh Internasional'),
  ('2027-05-06', 'Ascension of Jesus', 'Kenaikan Yesus Kristus'),
  ('2027-05-17', 'Eid al-Adha', 'Idul Adha'),
  ('2027-06-01', 'Pancasila Day', 'Hari Lahir Pancasila'),
  ('2027-08-17', 'Independence Day', 'Hari Kemerdekaan RI'),
  ('2027-12-25', 'Christmas Day', 'Hari Raya Natal')
ON CONFLICT (day) DO NOTHING;
