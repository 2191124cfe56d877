-- FDS new-beneficiary rule (flow engine v2 section 8, rules/fds.json newBeneficiaryAmount): each
-- inquiry of a money flow keeps whom it pays (the credit account of another customer, a provider and
-- customer number, or the area, list choices and number typed), so the risk rule can tell a
-- beneficiary the customer has paid before (a booked inquiry, not failed) from a new one.
ALTER TABLE transaction_inquiries ADD COLUMN beneficiary text;
CREATE INDEX transaction_inquiries_beneficiary_idx ON transaction_inquiries (customer_id, beneficiary)
  WHERE beneficiary IS NOT NULL;
