-- Travel concierge: a flight chosen on /searchflight/ is held for the customer at its fare for 20
-- minutes (as an airline's fare hold), while the booking flow (flows/travel/flight.json) asks the
-- passengers' names and takes the payment. The booking itself is that flow's journal (flow_id
-- 'travel.flight'), whose receipt carries the hold, the flight and the booking code.
CREATE TABLE flight_holds (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  offer_id text NOT NULL,
  offer jsonb NOT NULL,                                      -- the flight as the airline priced it
  passengers integer NOT NULL CHECK (passengers BETWEEN 1 AND 7),
  fare bigint NOT NULL CHECK (fare > 0),                     -- per passenger, IDR minor units
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  -- The booking that took it (the flow's posting service, in the booking's transaction): one per hold,
  -- unless that booking failed (the airline refused it, the money went back).
  journal_id bigint REFERENCES journal(id)
);
CREATE INDEX flight_holds_customer_idx ON flight_holds (customer_id, expires_at);
CREATE INDEX journal_flow_customer_idx ON journal (flow_id, customer_id);
