-- Token rotation (issue #25 item 1): the bearer token is replaced on a call once it is
-- SESSION.rotateAfterMs old; the one it replaced keeps working until previous_valid_until
-- (SESSION.rotationGraceMs), so calls already sent with it do not log the customer out.
ALTER TABLE sessions
  ADD COLUMN token_issued_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN previous_token_hash text,
  ADD COLUMN previous_valid_until timestamptz;
CREATE INDEX sessions_previous_token_idx ON sessions (previous_token_hash) WHERE previous_token_hash IS NOT NULL;
