-- Transaction alerts and all-transaction alerts, sent (issue 21): what was sent for which event on which
-- channel, and how far the dispatcher has read the journal and the sessions.

-- The built-in e-mail gateway's outbox (as sms_outbox for SMS): a real bank replaces it with its mailer.
CREATE TABLE email_outbox (
  id bigserial PRIMARY KEY,
  address text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One row per alert sent: a journal (a transaction, a card change, a limit raise) or a session (a login)
-- alerted once per customer, kind and channel, whichever app server sent it.
CREATE TABLE alert_deliveries (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  kind text NOT NULL CHECK (kind IN ('transaction', 'all')),
  event text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('sms', 'email', 'push')),
  journal_id bigint REFERENCES journal(id),
  session_id bigint REFERENCES sessions(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX alert_deliveries_journal_idx ON alert_deliveries (customer_id, kind, channel, journal_id)
  WHERE journal_id IS NOT NULL;
CREATE UNIQUE INDEX alert_deliveries_session_idx ON alert_deliveries (customer_id, kind, channel, session_id)
  WHERE session_id IS NOT NULL;
CREATE INDEX alert_deliveries_customer_idx ON alert_deliveries (customer_id, created_at DESC);

-- How far the dispatcher has read ('journal', 'session'): one server at a time moves each (row lock).
CREATE TABLE alert_cursors (
  name text PRIMARY KEY,
  last_id bigint NOT NULL DEFAULT 0
);
INSERT INTO alert_cursors (name, last_id) VALUES ('journal', 0), ('session', 0);
