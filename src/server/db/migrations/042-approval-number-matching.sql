-- Number matching: the web shows a number, the app offers three, and only the right one approves.
-- A new number with every push (a resend too), so a screenshot of an older push matches nothing.
ALTER TABLE approval_requests ADD COLUMN match_number int;
ALTER TABLE approval_requests ADD COLUMN match_choices jsonb;
-- Pushes per customer are counted over a window (push bombing is refused with 429).
CREATE INDEX approval_requests_customer_created_idx ON approval_requests (customer_id, created_at DESC);
