-- FDS challenge step (flow engine v2 section 8): an inquiry the fraud rule flagged (its id holds
-- "fds-") is verified and confirmed only once its challenge was passed, recorded here.
CREATE TABLE transaction_fds_challenges (
  inquiry_id text PRIMARY KEY REFERENCES transaction_inquiries(id),
  passed_at timestamptz NOT NULL DEFAULT now()
);
