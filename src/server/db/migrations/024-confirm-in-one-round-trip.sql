-- A confirm in one round trip. Until now the app read the session and the inquiry first (its quote, to
-- build the journal), then called confirm_posting(); on this box each round trip between the app and
-- PostgreSQL costs both sides more than the statements in it. Now:
-- - the inquiry stores its booking when it is quoted: the journal's amount, status, description and
--   receipt, its legs and each touched account's change (the app still builds them, with the same
--   rules, only earlier; what is booked is exactly what was quoted);
-- - confirm_inquiry() checks and slides the session itself (the rule of SESSION_TOUCH_SQL, with the
--   app's idle time and slack as arguments), reads the customer's own limits (the app passes its
--   defaults per category) and returns the quote, for the receipt and for the wording of a refusal;
-- - in three statements where confirm_posting() had four after the app's own: the session, which takes
--   the customer's advisory lock; the inquiry with all it needs, its accounts locked in id order; the
--   posting. (A statement costs PostgreSQL more to start and finish than these rows cost it to read.)
-- The app needs the OTP request's id to hash a code: the client sends it; when it does not, or it is not
-- the inquiry's current one, the answer is 'stale' with the current id, and the app calls again.
-- An inquiry quoted before this migration has no booking, and is answered as expired (they live 15
-- minutes). confirm_posting() is gone: nothing calls it.

ALTER TABLE transaction_inquiries
  ADD COLUMN booking_status text CHECK (booking_status IN ('success', 'pending')),
  ADD COLUMN description text,
  ADD COLUMN amount bigint,
  ADD COLUMN currency char(3),
  ADD COLUMN limit_category text,
  ADD COLUMN limit_amount bigint,
  ADD COLUMN receipt jsonb,
  ADD COLUMN leg_accounts bigint[],
  ADD COLUMN leg_amounts bigint[],
  ADD COLUMN leg_currencies text[],
  ADD COLUMN account_ids bigint[],
  ADD COLUMN account_deltas bigint[],
  ADD COLUMN account_currencies text[];

-- Payments a biller or operator has not answered for good (journal pending, money held): one row each,
-- written with the posting, so none is forgotten even if the server stops before it calls the provider.
-- The confirm calls the provider at once; its answer, or a later check (settlement.ts: a status
-- inquiry, with backoff, under a lease several app servers can share), settles the journal and deletes
-- the row. Pending journals booked before this migration are checked from now on.
CREATE TABLE pending_settlements (
  journal_id bigint PRIMARY KEY REFERENCES journal(id),
  next_check_at timestamptz NOT NULL,
  checks int NOT NULL DEFAULT 0
);
CREATE INDEX pending_settlements_due_idx ON pending_settlements (next_check_at);
INSERT INTO pending_settlements (journal_id, next_check_at) SELECT id, now() FROM journal WHERE status = 'pending';

DROP FUNCTION confirm_posting(text, bigint, bigint, text, text, text, int, int, text, bigint, bigint, bigint,
  bigint, text, text, text, text, bigint, text, text, jsonb, bigint[], bigint[], text[], bigint[], bigint[],
  text[]);

-- Outcomes: no_session (the token is not a live session from this browser: nothing else was read);
-- ok (posted_journal, posted_at); already (detail: the journal); not_found; expired; stale (the OTP
-- request given is not the inquiry's current one: otp_request_id says which is); not_verified;
-- approval (not approved: the caller reads why); otp_required; otp_<otp_check outcome> (detail:
-- attempts left); limits (detail: today's use, counted only under a daily limit); floor (detail: the
-- account). A pending booking (a biller's or operator's) is queued in pending_settlements, leased for
-- p_settlement_lease_secs to this confirm. Every outcome after no_session carries the session (slid) and, after not_found, the
-- inquiry's flow, quote and limits. A repeated idempotency key raises unique_violation (23505), and
-- nothing is written. A refusal writes nothing but a wrong code's attempt and the session's slide.
CREATE FUNCTION confirm_inquiry(
  p_token_hash text, p_browser_id text, p_idle_ms bigint, p_slide_slack_ms bigint,
  p_inquiry_id text, p_otp_request_id text, p_code_hash text, p_max_wrong int, p_freeze_secs int,
  p_limit_categories text[], p_limit_mins bigint[], p_limit_maxes bigint[], p_limit_dailies bigint[],
  p_reference_no text, p_idempotency_key text, p_settlement_lease_secs int,
  OUT outcome text, OUT detail bigint, OUT posted_journal bigint, OUT posted_at timestamptz,
  OUT session_id bigint, OUT session_customer_id bigint, OUT session_channel text,
  OUT session_idle_ms bigint, OUT session_absolute_ms bigint,
  OUT flow_id text, OUT quote jsonb, OUT otp_request_id text,
  OUT min_amount bigint, OUT max_per_transaction bigint, OUT daily_limit bigint)
LANGUAGE plpgsql AS $$
DECLARE
  ses record;
  inq record;
  chk record;
  k int;
  used bigint;
  consume_otp boolean;
BEGIN
  -- The session: live, from this browser; its idle expiry slides unless it is already within the slack.
  -- Found, it takes the customer's advisory lock: their postings one at a time, so every statement
  -- after this one sees every earlier posting, this inquiry's journal included (a concurrent double
  -- confirm answers 'already'), and today's use of a daily limit counts them all.
  SELECT s.id, s.customer_id, s.channel, s.idle_expires_at, s.absolute_expires_at,
         LEAST(now() + p_idle_ms * interval '1 millisecond', s.absolute_expires_at) AS target,
         pg_advisory_xact_lock(7301, s.customer_id::int) AS locked
    INTO ses
    FROM sessions s
   WHERE s.token_hash = p_token_hash AND s.ended_at IS NULL AND s.browser_id = p_browser_id
     AND s.idle_expires_at > now() AND s.absolute_expires_at > now();
  IF NOT FOUND THEN
    outcome := 'no_session';
    RETURN;
  END IF;
  IF ses.idle_expires_at < ses.target - p_slide_slack_ms * interval '1 millisecond' THEN
    UPDATE sessions SET last_seen_at = now(), idle_expires_at = ses.target WHERE id = ses.id;
    ses.idle_expires_at := ses.target;
  END IF;
  session_id := ses.id;
  session_customer_id := ses.customer_id;
  session_channel := ses.channel;
  session_idle_ms := floor(extract(epoch FROM LEAST(ses.idle_expires_at, ses.absolute_expires_at)) * 1000);
  session_absolute_ms := floor(extract(epoch FROM ses.absolute_expires_at) * 1000);

  -- The inquiry with its journal (if booked), the customer's own limits and the OTP request named (so a
  -- right code costs no second look; otp_check runs for anything else), and every account its booking
  -- touches, locked in id order (no deadlocks between transfers), with the first debit that would
  -- cross its floor (or leave a blocked account).
  SELECT j.id AS journal_id, i.flow_id, i.quote, i.verification_method, i.otp_request_id,
         i.expires_at <= now() OR i.leg_accounts IS NULL AS expired,
         i.booking_status, i.description, i.amount, i.currency, i.limit_category, i.limit_amount, i.receipt,
         i.leg_accounts, i.leg_amounts, i.leg_currencies, i.account_ids, i.account_deltas, i.account_currencies,
         l.customer_id IS NOT NULL AS own_limits, l.min_amount, l.max_per_transaction, l.daily_limit,
         o.code_hash = p_code_hash AND o.consumed_at IS NULL AND o.expires_at > now()
           AND coalesce(ph.frozen_until <= now(), true) AND c.cif_status <> 'blocked' AS code_ok,
         acct.locked_accounts, acct.currency_mismatch, acct.short_account
    INTO inq
    FROM transaction_inquiries i
    LEFT JOIN journal j ON j.inquiry_id = i.id
    LEFT JOIN transaction_limits l ON l.customer_id = i.customer_id AND l.category = i.limit_category
    LEFT JOIN otp_requests o ON o.request_id = p_otp_request_id AND o.customer_id = i.customer_id
    LEFT JOIN customer_phones ph ON ph.id = o.phone_id
    LEFT JOIN customers c ON c.id = o.customer_id
    CROSS JOIN LATERAL (
      SELECT count(*) AS locked_accounts, bool_or(x.currency::text <> i.account_currencies[x.k]) AS currency_mismatch,
             min(x.id) FILTER (WHERE i.account_deltas[x.k] < 0
                                 AND (x.status <> 'active' OR x.balance + i.account_deltas[x.k] < x.floor))
               AS short_account
        FROM (SELECT a.id, a.balance, a.floor, a.status, a.currency, array_position(i.account_ids, a.id) AS k
                FROM accounts a
               WHERE a.id = ANY (i.account_ids)
               ORDER BY a.id
                 FOR UPDATE OF a) x
    ) acct
   WHERE i.id = p_inquiry_id AND i.customer_id = ses.customer_id AND i.session_id = ses.id;
  IF NOT FOUND THEN
    outcome := 'not_found';
    RETURN;
  END IF;
  flow_id := inq.flow_id;
  quote := inq.quote;
  otp_request_id := inq.otp_request_id;
  -- The customer's own limits, or the app's defaults for the category (its last entry for any other).
  IF inq.own_limits THEN
    min_amount := inq.min_amount;
    max_per_transaction := inq.max_per_transaction;
    daily_limit := inq.daily_limit;
  ELSE
    k := coalesce(array_position(p_limit_categories, inq.limit_category), cardinality(p_limit_categories));
    min_amount := p_limit_mins[k];
    max_per_transaction := p_limit_maxes[k];
    daily_limit := p_limit_dailies[k];
  END IF;
  IF inq.journal_id IS NOT NULL THEN
    outcome := 'already';
    detail := inq.journal_id;
    RETURN;
  ELSIF inq.expired THEN
    outcome := 'expired';
    RETURN;
  END IF;
  IF inq.verification_method = 'otp' THEN
    IF p_otp_request_id IS DISTINCT FROM inq.otp_request_id THEN
      outcome := 'stale';
      RETURN;
    ELSIF p_code_hash IS NULL THEN
      outcome := 'otp_required';
      RETURN;
    ELSIF inq.code_ok IS NOT TRUE THEN
      chk := otp_check(p_otp_request_id, ses.customer_id, p_code_hash, p_max_wrong, p_freeze_secs, false);
      IF chk.outcome <> 'ok' THEN
        outcome := 'otp_' || chk.outcome;
        detail := chk.attempts_left;
        RETURN;
      END IF;
    END IF;
  ELSIF inq.verification_method = 'approval' THEN
    -- Approved is final (asking again for an approved inquiry answers the same request).
    IF NOT EXISTS (SELECT 1 FROM approval_requests
                    WHERE inquiry_id = p_inquiry_id AND customer_id = ses.customer_id AND status = 'approved') THEN
      outcome := 'approval';
      RETURN;
    END IF;
  ELSE
    outcome := 'not_verified';
    RETURN;
  END IF;

  IF inq.locked_accounts <> cardinality(inq.account_ids) THEN
    RAISE EXCEPTION 'journal names an account that does not exist';
  ELSIF inq.currency_mismatch THEN
    RAISE EXCEPTION 'a leg''s currency differs from its account''s';
  END IF;

  -- Today's use is summed only where a daily limit applies (not between one's own accounts).
  IF daily_limit IS NOT NULL THEN
    used := limit_used(ses.customer_id, inq.limit_category);
  END IF;
  IF inq.limit_amount < min_amount OR inq.limit_amount > max_per_transaction
     OR (daily_limit IS NOT NULL AND inq.limit_amount > greatest(0, daily_limit - used)) THEN
    outcome := 'limits';
    detail := used;
    RETURN;
  ELSIF inq.short_account IS NOT NULL THEN
    outcome := 'floor';
    detail := inq.short_account;
    RETURN;
  END IF;

  -- The OTP is used up with the posting, in the same statement: no code, no journal.
  consume_otp := inq.verification_method = 'otp';
  WITH o AS (
    UPDATE otp_requests SET consumed_at = now()
     WHERE consume_otp AND request_id = p_otp_request_id AND consumed_at IS NULL AND code_hash = p_code_hash
       AND expires_at > now()
    RETURNING 1
  ), j AS (
    INSERT INTO journal (reference_no, customer_id, flow_id, idempotency_key, inquiry_id, status, amount, currency,
                         limit_category, limit_amount, description, details)
    SELECT p_reference_no, ses.customer_id, inq.flow_id, p_idempotency_key, p_inquiry_id, inq.booking_status,
           inq.amount, inq.currency, inq.limit_category, inq.limit_amount, inq.description,
           jsonb_build_object('receipt', inq.receipt)
     WHERE NOT consume_otp OR EXISTS (SELECT 1 FROM o)
    RETURNING id, created_at
  ), e AS (
    INSERT INTO ledger_entries (journal_id, account_id, amount, currency)
    SELECT j.id, l.id, l.amount, l.currency
      FROM j, unnest(inq.leg_accounts, inq.leg_amounts, inq.leg_currencies) l(id, amount, currency)
  ), b AS (
    UPDATE accounts a SET balance = a.balance + d.delta
      FROM unnest(inq.account_ids, inq.account_deltas) d(id, delta)
     WHERE a.id = d.id AND EXISTS (SELECT 1 FROM j)
  )
  SELECT j.id, j.created_at INTO posted_journal, posted_at FROM j;
  IF posted_journal IS NULL THEN
    -- The code expired in the instant since it was checked: nothing was written.
    outcome := 'otp_expired';
    RETURN;
  END IF;
  -- Money held for a biller or operator: leased to this confirm, which calls the provider now.
  IF inq.booking_status = 'pending' THEN
    INSERT INTO pending_settlements (journal_id, next_check_at)
    VALUES (posted_journal, now() + make_interval(secs => p_settlement_lease_secs));
  END IF;
  outcome := 'ok';
END
$$;
