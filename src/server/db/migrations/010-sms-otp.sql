-- SMS gateway outbox (the built-in gateway; a real bank's adapter sends instead) and OTP requests.

CREATE TABLE sms_outbox (
  id bigserial PRIMARY KEY,
  phone text NOT NULL,
  text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_outbox_phone_idx ON sms_outbox (phone, id DESC);

-- One OTP challenge; the code is kept only as an HMAC. Resends replace the code and keep the attempts.
CREATE TABLE otp_requests (
  id bigserial PRIMARY KEY,
  request_id text NOT NULL UNIQUE,
  customer_id bigint NOT NULL REFERENCES customers(id),
  phone_id bigint NOT NULL REFERENCES customer_phones(id),
  purpose text NOT NULL,
  context text,
  ref_number text NOT NULL,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  resend_available_at timestamptz NOT NULL,
  resends int NOT NULL DEFAULT 0,
  wrong_attempts int NOT NULL DEFAULT 0,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX otp_requests_customer_idx ON otp_requests (customer_id, created_at DESC);
