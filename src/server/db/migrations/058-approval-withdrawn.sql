-- An approval request withdrawn because internet banking switched the inquiry to OTP: the app drops it
-- and refuses to decide it (nothing would execute).
ALTER TABLE approval_requests DROP CONSTRAINT approval_requests_status_check;
ALTER TABLE approval_requests ADD CONSTRAINT approval_requests_status_check
  CHECK (status IN ('waiting', 'approved', 'rejected', 'cancelled', 'withdrawn'));
