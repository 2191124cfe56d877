-- Favourite transactions (spec: /my-favorite/): a saved form of a flow, replayed as a new inquiry.
CREATE TABLE favorites (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  flow_id text NOT NULL,
  name text NOT NULL,
  form jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (customer_id, name)
);
CREATE INDEX favorites_customer_idx ON favorites (customer_id, created_at DESC);
