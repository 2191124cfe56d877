-- A scheduled transfer that clears through another bank (SKN, RTGS; online and BI-FAST after a time-out)
-- is posted "in progress" and settled later by the clearing house's answer (transactions/settlement.ts).
-- The settlement finds the occurrence by its journal, to record the final outcome and tell the customer.
CREATE INDEX scheduled_runs_pending_journal ON scheduled_runs (journal_id) WHERE status = 'pending';
