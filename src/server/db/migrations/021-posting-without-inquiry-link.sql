-- A booked inquiry is found through its journal (journal.inquiry_id, UNIQUE), not through a link
-- written back into the inquiry: that link cost every posting an UPDATE of a wide row (the form and
-- the quote as JSON) and one more foreign-key check, for a fact the journal already holds. The
-- inquiry's verified_at was only ever set by that same UPDATE.
--
-- confirm_posting is as in 013, but: the advisory lock is a statement of its own (so the inquiry
-- read after it sees a journal a concurrent confirm just committed), and the posting writes no link.

CREATE OR REPLACE FUNCTION confirm_posting(
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
  -- The customer's postings one at a time, in a statement of its own: every statement after it sees
  -- every earlier posting, this inquiry's journal included (a concurrent double confirm answers
  -- 'already'). The OTP request comes along with the inquiry, so a right code costs no second look
  -- (otp_check runs for anything else).
  PERFORM pg_advisory_xact_lock(7301, p_customer_id::int);
  SELECT j.id AS journal_id, i.verification_method, i.otp_request_id, i.expires_at <= now() AS expired,
         o.code_hash = p_code_hash AND o.consumed_at IS NULL AND o.expires_at > now()
           AND coalesce(ph.frozen_until <= now(), true) AND c.cif_status <> 'blocked' AS code_ok
    INTO inq
    FROM transaction_inquiries i
    LEFT JOIN journal j ON j.inquiry_id = i.id
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
  consume_otp := p_method = 'otp' AND p_otp_request_id IS NOT NULL;
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

ALTER TABLE transaction_inquiries DROP COLUMN journal_id, DROP COLUMN verified_at;
