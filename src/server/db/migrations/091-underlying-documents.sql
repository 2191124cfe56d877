-- Underlying documents of foreign-currency purchases (src/server/declarations): a customer whose
-- purchases of foreign currency against rupiah pass USD 100,000 in a month must have one on file.
-- The file itself is kept in the database (PDF, JPEG or PNG, type checked by its first bytes, at most
-- 2 MiB); a deleted document is gone (its bytes too), only the fact of the deletion is kept.
CREATE TABLE underlying_documents (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  doc_type text NOT NULL CHECK (doc_type IN ('invoice', 'contract', 'education', 'medical', 'travel', 'other')),
  description text NOT NULL DEFAULT '',
  file_name text NOT NULL,
  mime text NOT NULL CHECK (mime IN ('application/pdf', 'image/jpeg', 'image/png')),
  size int NOT NULL CHECK (size > 0 AND size <= 2097152),
  sha256 text NOT NULL,
  content bytea,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CHECK ((deleted_at IS NULL) = (content IS NOT NULL))
);
CREATE INDEX underlying_documents_customer_idx ON underlying_documents (customer_id, created_at DESC)
  WHERE deleted_at IS NULL;
