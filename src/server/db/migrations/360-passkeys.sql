-- Passkeys (issue 42): a customer's WebAuthn credentials, the challenges the server hands out (each
-- stored, expiring, used once) and the step-ups (an OTP) that enrolling and removing one ask for.
-- A passkey verifies an inquiry or a cart as a third method beside the OTP and the app approval.

CREATE TABLE passkey_credentials (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  credential_id text NOT NULL UNIQUE,        -- base64url, as the authenticator names it
  public_key bytea NOT NULL,                 -- COSE, as the attestation gave it
  counter bigint NOT NULL DEFAULT 0,         -- the signature counter last seen
  transports text[] NOT NULL DEFAULT '{}',
  name text NOT NULL,
  device_type text NOT NULL,                 -- singleDevice | multiDevice
  backed_up boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_where text,                        -- the browser and system, and the IP address
  last_used_at timestamptz,
  last_used_where text,
  -- A counter that did not increase: the key may have been copied. Refused from then on.
  flagged_at timestamptz,
  -- Set by a password reset or credential change: the customer is asked to keep or remove it.
  review_asked_at timestamptz
);
CREATE INDEX passkey_credentials_customer_idx ON passkey_credentials (customer_id);

CREATE TABLE passkey_challenges (
  id bigserial PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('register', 'login', 'inquiry', 'cart')),
  challenge text NOT NULL UNIQUE,            -- base64url: what the authenticator signs
  nonce text,                                -- the server's part of a derived (inquiry, cart) challenge
  customer_id bigint REFERENCES customers(id),
  session_id bigint,
  browser_id text,
  subject text,                              -- the inquiry id, or the cart verification's id
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  credential_id bigint REFERENCES passkey_credentials(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX passkey_challenges_subject_idx ON passkey_challenges (subject) WHERE subject IS NOT NULL;
CREATE INDEX passkey_challenges_expires_idx ON passkey_challenges (expires_at);

CREATE TABLE passkey_step_ups (
  otp_request_id text PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  session_id bigint NOT NULL,
  action text NOT NULL CHECK (action IN ('enrol', 'remove')),
  passed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE transaction_inquiries DROP CONSTRAINT IF EXISTS transaction_inquiries_verification_method_check;
ALTER TABLE transaction_inquiries ADD CONSTRAINT transaction_inquiries_verification_method_check
  CHECK (verification_method IN ('otp', 'approval', 'passkey'));
ALTER TABLE cart_checkouts DROP CONSTRAINT IF EXISTS cart_checkouts_method_check;
ALTER TABLE cart_checkouts ADD CONSTRAINT cart_checkouts_method_check
  CHECK (method IN ('otp', 'approval', 'passkey'));

-- confirm_inquiry(): migration 130's, with one more verification: a passkey's assertion over this
-- inquiry, checked by the server and recorded as its challenge used (passkeys/verify-inquiry.ts).
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
    ELSIF inq.verification_method = 'passkey' THEN
      IF NOT EXISTS (SELECT 1 FROM passkey_challenges
                      WHERE subject = p_inquiry_id AND purpose = 'inquiry' AND customer_id = ses.customer_id
                        AND used_at IS NOT NULL) THEN
        outcome := 'not_verified';
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
