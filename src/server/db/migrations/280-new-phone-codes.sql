-- A new mobile number is proved before it replaces the registered one (issue 21 item 9): a code is texted
-- to the new number and typed back at the change's inquiry; the change itself is then verified by an OTP
-- to the registered number, and confirming it uses the proof up. One row per code sent.
CREATE TABLE new_phone_codes (
  id bigserial PRIMARY KEY,
  request_id text NOT NULL UNIQUE,
  customer_id bigint NOT NULL REFERENCES customers(id),
  phone text NOT NULL,
  -- 'keyid:hmac' under the OTP codes' key, as otp_requests.code_hash: never the code itself.
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  wrong_attempts int NOT NULL DEFAULT 0,
  -- The right code was typed (at inquiry); the proof holds while the change's inquiry does.
  verified_at timestamptz,
  -- The change was confirmed with this proof.
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX new_phone_codes_customer_idx ON new_phone_codes (customer_id, created_at DESC);
