-- One posting path for every verified inquiry. post_quoted_inquiry() books what an inquiry stored when it
-- was quoted (migration 024), for a customer, once, under the customer's advisory lock: confirm_inquiry()
-- calls it after the session and the OTP or approval checks, and a cart (or the scheduler) calls it for
-- each item once the whole was verified. The OTP named (if any) is used up in the posting's statement:
-- no code, no journal. Outcomes: ok (posted_journal, posted_at); already (detail: the journal); not_found;
-- expired; limits (detail: today's use, counted only under a daily limit); floor (detail: the account);
-- otp_expired (the code was used in the instant since it was checked). A refusal writes nothing.
-- A repeated idempotency key raises unique_violation (23505).
-- Inquiries posted outside a web session (the scheduler's) name no session.
ALTER TABLE transaction_inquiries ALTER COLUMN session_id DROP NOT NULL;

CREATE FUNCTION post_quoted_inquiry(
  p_customer_id bigint, p_inquiry_id text,
  p_limit_categories text[], p_limit_mins bigint[], p_limit_maxes bigint[], p_limit_dailies bigint[],
  p_reference_no text, p_idempotency_key text, p_settlement_lease_secs int,
  p_otp_request_id text, p_code_hash text,
  OUT outcome text, OUT detail bigint, OUT posted_journal bigint, OUT posted_at timestamptz,
  OUT flow_id text, OUT quote jsonb,
  OUT min_amount bigint, OUT max_per_transaction bigint, OUT daily_limit bigint)
LANGUAGE plpgsql AS $$
DECLARE
  inq record;
  k int;
  used bigint;
  consume_otp boolean := p_otp_request_id IS NOT NULL;
BEGIN
  -- Re-entrant: confirm_inquiry() already holds it.
  PERFORM pg_advisory_xact_lock(7301, p_customer_id::int);
  SELECT j.id AS journal_id, i.flow_id, i.quote,
         i.expires_at <= now() OR i.leg_accounts IS NULL AS expired,
         i.booking_status, i.description, i.amount, i.currency, i.limit_category, i.limit_amount, i.receipt,
         i.leg_accounts, i.leg_amounts, i.leg_currencies, i.account_ids, i.account_deltas, i.account_currencies,
         l.customer_id IS NOT NULL AS own_limits, l.min_amount, l.max_per_transaction, l.daily_limit,
         acct.locked_accounts, acct.currency_mismatch, acct.short_account
    INTO inq
    FROM transaction_inquiries i
    LEFT JOIN journal j ON j.inquiry_id = i.id
    LEFT JOIN transaction_limits l ON l.customer_id = i.customer_id AND l.category = i.limit_category
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
   WHERE i.id = p_inquiry_id AND i.customer_id = p_customer_id;
  IF NOT FOUND THEN
    outcome := 'not_found';
    RETURN;
  END IF;
  flow_id := inq.flow_id;
  quote := inq.quote;
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

  IF inq.locked_accounts <> cardinality(inq.account_ids) THEN
    RAISE EXCEPTION 'journal names an account that does not exist';
  ELSIF inq.currency_mismatch THEN
    RAISE EXCEPTION 'a leg''s currency differs from its account''s';
  END IF;

  -- Today's use is summed only where a daily limit applies (not between one's own accounts).
  IF daily_limit IS NOT NULL THEN
    used := limit_used(p_customer_id, inq.limit_category);
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

  WITH o AS (
    UPDATE otp_requests SET consumed_at = now()
     WHERE consume_otp AND request_id = p_otp_request_id AND consumed_at IS NULL AND code_hash = p_code_hash
       AND expires_at > now()
    RETURNING 1
  ), j AS (
    INSERT INTO journal (reference_no, customer_id, flow_id, idempotency_key, inquiry_id, status, amount, currency,
                         limit_category, limit_amount, description, details)
    SELECT p_reference_no, p_customer_id, inq.flow_id, p_idempotency_key, p_inquiry_id, inq.booking_status,
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
    outcome := 'otp_expired';
    RETURN;
  END IF;
  -- Money held for a biller or operator: leased to this caller, which calls the provider now.
  IF inq.booking_status = 'pending' THEN
    INSERT INTO pending_settlements (journal_id, next_check_at)
    VALUES (posted_journal, now() + make_interval(secs => p_settlement_lease_secs));
  END IF;
  outcome := 'ok';
END
$$;

-- confirm_inquiry(): the session and the verification, then the one posting path above. Same arguments,
-- outcomes and answer as migration 024's.
CREATE OR REPLACE FUNCTION confirm_inquiry(
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
  p record;
BEGIN
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

  SELECT j.id AS journal_id, i.flow_id, i.quote, i.verification_method, i.otp_request_id,
         i.expires_at <= now() OR i.leg_accounts IS NULL AS expired,
         o.code_hash = p_code_hash AND o.consumed_at IS NULL AND o.expires_at > now()
           AND coalesce(ph.frozen_until <= now(), true) AND c.cif_status <> 'blocked' AS code_ok
    INTO inq
    FROM transaction_inquiries i
    LEFT JOIN journal j ON j.inquiry_id = i.id
    LEFT JOIN otp_requests o ON o.request_id = p_otp_request_id AND o.customer_id = i.customer_id
    LEFT JOIN customer_phones ph ON ph.id = o.phone_id
    LEFT JOIN customers c ON c.id = o.customer_id
   WHERE i.id = p_inquiry_id AND i.customer_id = ses.customer_id AND i.session_id = ses.id;
  IF NOT FOUND THEN
    outcome := 'not_found';
    RETURN;
  END IF;
  flow_id := inq.flow_id;
  quote := inq.quote;
  otp_request_id := inq.otp_request_id;
  IF inq.journal_id IS NULL AND NOT inq.expired THEN
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
      IF NOT EXISTS (SELECT 1 FROM approval_requests
                      WHERE inquiry_id = p_inquiry_id AND customer_id = ses.customer_id AND status = 'approved') THEN
        outcome := 'approval';
        RETURN;
      END IF;
    ELSE
      outcome := 'not_verified';
      RETURN;
    END IF;
  END IF;

  SELECT * INTO p FROM post_quoted_inquiry(ses.customer_id, p_inquiry_id, p_limit_categories, p_limit_mins,
    p_limit_maxes, p_limit_dailies, p_reference_no, p_idempotency_key, p_settlement_lease_secs,
    CASE WHEN inq.verification_method = 'otp' THEN p_otp_request_id END,
    CASE WHEN inq.verification_method = 'otp' THEN p_code_hash END);
  outcome := p.outcome;
  detail := p.detail;
  posted_journal := p.posted_journal;
  posted_at := p.posted_at;
  min_amount := p.min_amount;
  max_per_transaction := p.max_per_transaction;
  daily_limit := p.daily_limit;
END
$$;
