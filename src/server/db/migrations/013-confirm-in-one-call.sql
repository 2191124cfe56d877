-- The booking of a verified transaction in one call: one round trip and one commit. On a 2-core box
-- a round trip between the app server and PostgreSQL is the unit of cost, and a confirm had eight; it
-- now has two (the session check with the inquiry read, then confirm_posting). The rules stay where
-- they were decided (the app builds the legs, the fees and the errors); these functions only lock,
-- check and write, in the order the confirm has always used. They are PL/pgSQL, not SQL: a SQL
-- function that is not inlined is planned again at every call.

-- Today's use of a customer's limit category (Asia/Jakarta days), for the inquiry and the confirm alike.
CREATE FUNCTION limit_used(p_customer_id bigint, p_category text) RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT coalesce(sum(j.limit_amount), 0)::int8 FROM journal j
           WHERE j.customer_id = p_customer_id AND j.limit_category = p_category AND j.status IN ('success', 'pending')
             AND j.created_at >= (date_trunc('day', now() AT TIME ZONE 'Asia/Jakarta') AT TIME ZONE 'Asia/Jakarta'));
END
$$;

-- 'frozen' while the customer has another phone to pick, 'all_frozen' when none is left (call 14041).
CREATE FUNCTION otp_frozen_outcome(p_customer_id bigint) RETURNS text
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT CASE WHEN count(*) = 0 THEN 'all_frozen' ELSE 'frozen' END FROM customer_phones p
           WHERE p.customer_id = p_customer_id AND (p.frozen_until IS NULL OR p.frozen_until <= now()));
END
$$;

-- Checks a code (given as the app's keyed hash of it: the key never reaches the database) against
-- an OTP request. Outcomes: ok, wrong (attempts_left), frozen, all_frozen, expired, blocked, not_found.
-- A wrong code counts an attempt, and the maximum consumes the request and freezes the phone; the
-- caller commits these even though it refuses. p_consume uses a right code up (a confirm uses it later,
-- with its posting, so a refused posting leaves the code unused).
CREATE FUNCTION otp_check(p_request_id text, p_customer_id bigint, p_code_hash text,
                          p_max_wrong int, p_freeze_secs int, p_consume boolean,
                          OUT outcome text, OUT attempts_left int)
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  wrong int;
BEGIN
  SELECT o.code_hash, o.phone_id, c.cif_status = 'blocked' AS blocked,
         coalesce(p.frozen_until > now(), false) AS frozen,
         (o.consumed_at IS NOT NULL OR o.expires_at <= now()) AS expired
    INTO r
    FROM otp_requests o
    JOIN customer_phones p ON p.id = o.phone_id
    JOIN customers c ON c.id = o.customer_id
   WHERE o.request_id = p_request_id AND o.customer_id = p_customer_id;
  IF NOT FOUND THEN
    outcome := 'not_found';
  ELSIF r.blocked THEN
    outcome := 'blocked';
  ELSIF r.frozen THEN
    outcome := otp_frozen_outcome(p_customer_id);
  ELSIF r.expired THEN
    outcome := 'expired';
  ELSIF p_code_hash = r.code_hash THEN
    outcome := 'ok';
    IF p_consume THEN
      UPDATE otp_requests SET consumed_at = now()
       WHERE request_id = p_request_id AND consumed_at IS NULL AND code_hash = p_code_hash AND expires_at > now();
      IF NOT FOUND THEN
        outcome := 'expired';
      END IF;
    END IF;
  ELSE
    UPDATE otp_requests SET wrong_attempts = wrong_attempts + 1,
           consumed_at = CASE WHEN wrong_attempts + 1 >= p_max_wrong THEN now() ELSE consumed_at END
     WHERE request_id = p_request_id AND consumed_at IS NULL
    RETURNING wrong_attempts INTO wrong;
    IF NOT FOUND THEN
      outcome := 'expired';
    ELSIF wrong >= p_max_wrong THEN
      UPDATE customer_phones SET frozen_until = now() + make_interval(secs => p_freeze_secs) WHERE id = r.phone_id;
      outcome := otp_frozen_outcome(p_customer_id);
    ELSE
      outcome := 'wrong';
      attempts_left := p_max_wrong - wrong;
    END IF;
  END IF;
END
$$;

-- Books one verified inquiry, once: the customer's advisory lock (their postings one at a time, so
-- the daily limit counts every earlier one) and the inquiry row, the verification, the accounts
-- locked in id order (no deadlocks between transfers), the limits and floors checked, and only then
-- the OTP used up with, in one statement, the journal, its entries, the new balances and the
-- inquiry's link to its journal.
-- Outcomes: ok (posted_journal, posted_at); already (detail: the journal); not_found; expired;
-- stale (the verification changed since the caller read the inquiry: read it again); not_verified;
-- approval (not approved: the caller reads why); otp_required; otp_<otp_check outcome> (detail:
-- attempts left); limits (detail: today's use, counted only under a daily limit); floor (detail:
-- the account). A repeated idempotency key raises unique_violation (23505), and nothing is written.
CREATE FUNCTION confirm_posting(
  p_inquiry_id text, p_customer_id bigint, p_session_id bigint,
  p_method text, p_otp_request_id text, p_code_hash text, p_max_wrong int, p_freeze_secs int,
  p_limit_category text, p_limit_amount bigint, p_min bigint, p_max bigint, p_daily bigint,
  p_reference_no text, p_flow_id text, p_idempotency_key text, p_status text,
  p_amount bigint, p_currency text, p_description text, p_details jsonb,
  p_leg_accounts bigint[], p_leg_amounts bigint[], p_leg_currencies text[],
  p_account_ids bigint[], p_account_deltas bigint[], p_account_currencies text[],
  OUT outcome text, OUT detail bigint, OUT posted_journal bigint, OUT posted_at timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  inq record;
  chk record;
  acct record;
  used bigint;
  short_account bigint;
  consume_otp boolean;
BEGIN
  -- The advisory lock is taken with the row: every later statement sees every earlier posting. The
  -- OTP request comes along, so a right code costs no second look (otp_check runs for anything else).
  SELECT i.journal_id, i.verification_method, i.otp_request_id, i.verified_at, i.expires_at <= now() AS expired,
         pg_advisory_xact_lock(7301, p_customer_id::int)::text AS customer_lock,
         o.code_hash = p_code_hash AND o.consumed_at IS NULL AND o.expires_at > now()
           AND coalesce(ph.frozen_until <= now(), true) AND c.cif_status <> 'blocked' AS code_ok
    INTO inq
    FROM transaction_inquiries i
    LEFT JOIN otp_requests o ON o.request_id = p_otp_request_id AND o.customer_id = p_customer_id
    LEFT JOIN customer_phones ph ON ph.id = o.phone_id
    LEFT JOIN customers c ON c.id = o.customer_id
   WHERE i.id = p_inquiry_id AND i.customer_id = p_customer_id AND i.session_id = p_session_id
     FOR UPDATE OF i;
  IF NOT FOUND THEN
    outcome := 'not_found';
    RETURN;
  ELSIF inq.journal_id IS NOT NULL THEN
    outcome := 'already';
    detail := inq.journal_id;
    RETURN;
  ELSIF inq.expired THEN
    outcome := 'expired';
    RETURN;
  END IF;
  IF inq.verified_at IS NULL THEN
    IF inq.verification_method IS DISTINCT FROM p_method OR inq.otp_request_id IS DISTINCT FROM p_otp_request_id THEN
      outcome := 'stale';
      RETURN;
    ELSIF p_method = 'otp' AND p_otp_request_id IS NOT NULL THEN
      IF p_code_hash IS NULL THEN
        outcome := 'otp_required';
        RETURN;
      ELSIF inq.code_ok IS NOT TRUE THEN
        chk := otp_check(p_otp_request_id, p_customer_id, p_code_hash, p_max_wrong, p_freeze_secs, false);
        IF chk.outcome <> 'ok' THEN
          outcome := 'otp_' || chk.outcome;
          detail := chk.attempts_left;
          RETURN;
        END IF;
      END IF;
    ELSIF p_method = 'approval' THEN
      -- Approved is final (asking again for an approved inquiry answers the same request).
      IF NOT EXISTS (SELECT 1 FROM approval_requests
                      WHERE inquiry_id = p_inquiry_id AND customer_id = p_customer_id AND status = 'approved') THEN
        outcome := 'approval';
        RETURN;
      END IF;
    ELSE
      outcome := 'not_verified';
      RETURN;
    END IF;
  END IF;

  -- Every touched account locked, in id order; the first debit that would cross its floor (or leave a
  -- blocked account) remembered.
  SELECT count(*), bool_or(x.currency::text <> p_account_currencies[x.k]),
         min(x.id) FILTER (WHERE p_account_deltas[x.k] < 0
                             AND (x.status <> 'active' OR x.balance + p_account_deltas[x.k] < x.floor))
    INTO acct
    FROM (SELECT a.id, a.balance, a.floor, a.status, a.currency, array_position(p_account_ids, a.id) AS k
            FROM accounts a
           WHERE a.id = ANY (p_account_ids)
           ORDER BY a.id
             FOR UPDATE OF a) x;
  IF acct.count <> cardinality(p_account_ids) THEN
    RAISE EXCEPTION 'journal names an account that does not exist';
  ELSIF acct.bool_or THEN
    RAISE EXCEPTION 'a leg''s currency differs from its account''s';
  END IF;
  short_account := acct.min;

  -- Today's use is summed only where a daily limit applies (not between one's own accounts).
  IF p_daily IS NOT NULL THEN
    used := limit_used(p_customer_id, p_limit_category);
  END IF;
  IF p_limit_amount < p_min OR p_limit_amount > p_max
     OR (p_daily IS NOT NULL AND p_limit_amount > greatest(0, p_daily - used)) THEN
    outcome := 'limits';
    detail := used;
    RETURN;
  ELSIF short_account IS NOT NULL THEN
    outcome := 'floor';
    detail := short_account;
    RETURN;
  END IF;

  -- The OTP is used up with the posting, in the same statement: no code, no journal.
  consume_otp := inq.verified_at IS NULL AND p_method = 'otp' AND p_otp_request_id IS NOT NULL;
  WITH o AS (
    UPDATE otp_requests SET consumed_at = now()
     WHERE consume_otp AND request_id = p_otp_request_id AND consumed_at IS NULL AND code_hash = p_code_hash
       AND expires_at > now()
    RETURNING 1
  ), j AS (
    INSERT INTO journal (reference_no, customer_id, flow_id, idempotency_key, inquiry_id, status, amount, currency,
                         limit_category, limit_amount, description, details)
    SELECT p_reference_no, p_customer_id, p_flow_id, p_idempotency_key, p_inquiry_id, p_status, p_amount,
           p_currency, p_limit_category, p_limit_amount, p_description, p_details
     WHERE NOT consume_otp OR EXISTS (SELECT 1 FROM o)
    RETURNING id, created_at
  ), e AS (
    INSERT INTO ledger_entries (journal_id, account_id, amount, currency)
    SELECT j.id, l.id, l.amount, l.currency
      FROM j, unnest(p_leg_accounts, p_leg_amounts, p_leg_currencies) l(id, amount, currency)
  ), b AS (
    UPDATE accounts a SET balance = a.balance + d.delta
      FROM unnest(p_account_ids, p_account_deltas) d(id, delta)
     WHERE a.id = d.id AND EXISTS (SELECT 1 FROM j)
  ), i AS (
    UPDATE transaction_inquiries SET journal_id = j.id, verified_at = now() FROM j
     WHERE transaction_inquiries.id = p_inquiry_id
  )
  SELECT j.id, j.created_at INTO posted_journal, posted_at FROM j;
  IF posted_journal IS NULL THEN
    -- The code expired in the instant since it was checked: nothing was written.
    outcome := 'otp_expired';
    RETURN;
  END IF;
  outcome := 'ok';
END
$$;

-- Today's use is read through journal_customer_created_idx (customer, time): the limit index was one
-- more b-tree written by every posting.
DROP INDEX journal_limit_idx;
