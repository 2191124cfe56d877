-- Wrong OTP codes are counted per phone and per customer across codes: asking for a new code no longer
-- starts the count again. A phone freezes (30 minutes) at p_max_wrong wrong codes in a row; the
-- customer's every phone at twice that (switching phones buys no more guesses). A right code, and a
-- freeze, start the counts again. A frozen phone's codes are refused while it is frozen, and expire
-- (5 minutes) long before it thaws (30).
ALTER TABLE customer_phones ADD COLUMN otp_wrong int NOT NULL DEFAULT 0;
ALTER TABLE customers ADD COLUMN otp_wrong int NOT NULL DEFAULT 0;

-- A stored code is 'keyid:hmac' (the OTP service names the key it was made with); '' for older ones.
CREATE FUNCTION otp_key_of(p_hash text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN position(':' IN p_hash) > 0 THEN split_part(p_hash, ':', 1) ELSE '' END
$$;

CREATE OR REPLACE FUNCTION otp_check(p_request_id text, p_customer_id bigint, p_code_hash text,
                                     p_max_wrong int, p_freeze_secs int, p_consume boolean,
                                     OUT outcome text, OUT attempts_left int)
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  phone_wrong int;
  customer_wrong int;
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
  ELSIF otp_key_of(p_code_hash) <> otp_key_of(r.code_hash) THEN
    -- Issued under another OTP key: this server cannot check the code, so a mismatch is no guess
    -- and is not counted; the customer asks for a new code.
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
    UPDATE otp_requests SET wrong_attempts = wrong_attempts + 1
     WHERE request_id = p_request_id AND consumed_at IS NULL;
    IF NOT FOUND THEN
      outcome := 'expired';
      RETURN;
    END IF;
    UPDATE customer_phones SET otp_wrong = otp_wrong + 1 WHERE id = r.phone_id RETURNING otp_wrong INTO phone_wrong;
    UPDATE customers SET otp_wrong = otp_wrong + 1 WHERE id = p_customer_id RETURNING otp_wrong INTO customer_wrong;
    IF customer_wrong >= 2 * p_max_wrong THEN
      UPDATE customer_phones SET frozen_until = now() + make_interval(secs => p_freeze_secs), otp_wrong = 0
       WHERE customer_id = p_customer_id;
      UPDATE customers SET otp_wrong = 0 WHERE id = p_customer_id;
      outcome := otp_frozen_outcome(p_customer_id);
    ELSIF phone_wrong >= p_max_wrong THEN
      UPDATE customer_phones SET frozen_until = now() + make_interval(secs => p_freeze_secs), otp_wrong = 0
       WHERE id = r.phone_id;
      outcome := otp_frozen_outcome(p_customer_id);
    ELSE
      outcome := 'wrong';
      attempts_left := least(p_max_wrong - phone_wrong, 2 * p_max_wrong - customer_wrong);
    END IF;
  END IF;
END
$$;

-- A code used up by being right (not by a freeze) starts the counts of its phone and customer again,
-- whichever statement used it (otp_check, or confirm_inquiry's own check).
CREATE FUNCTION otp_right_code_resets() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customer_phones SET otp_wrong = 0 WHERE id = NEW.phone_id AND otp_wrong <> 0;
  UPDATE customers SET otp_wrong = 0 WHERE id = NEW.customer_id AND otp_wrong <> 0;
  RETURN NULL;
END
$$;
CREATE TRIGGER otp_right_code_resets AFTER UPDATE OF consumed_at ON otp_requests
  FOR EACH ROW WHEN (OLD.consumed_at IS NULL AND NEW.consumed_at IS NOT NULL AND NEW.wrong_attempts = OLD.wrong_attempts)
  EXECUTE FUNCTION otp_right_code_resets();
