-- An account's product and status are domains, not table CHECKs. PostgreSQL evaluates every CHECK of a
-- table on every UPDATE of a row, whichever column changed, and reads each one's expression back from
-- its stored text at the start of every statement: every posting's balance update paid for two lists
-- of words it never touches. A domain is checked where a value is written to the column (INSERT, or an
-- UPDATE that sets it), so the rule holds exactly as before. balance >= floor stays a table CHECK.
CREATE DOMAIN account_product AS text
  CHECK (VALUE IN ('savings', 'current', 'credit_card', 'time_deposit', 'loan', 'gold', 'internal'));
CREATE DOMAIN account_status AS text CHECK (VALUE IN ('active', 'blocked', 'closed'));
ALTER TABLE accounts
  DROP CONSTRAINT accounts_product_check,
  DROP CONSTRAINT accounts_status_check,
  ALTER COLUMN product TYPE account_product,
  ALTER COLUMN status TYPE account_status;
