-- Devices a customer enrolled for app approvals: the companion app's first login on a device asks for
-- an SMS OTP, and only a companion-app session on an enrolled device may decide an approval.
CREATE TABLE approval_devices (
  customer_id bigint NOT NULL REFERENCES customers(id),
  device_id text NOT NULL,
  enrolled_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, device_id)
);

-- Login challenges serve the companion app too ('enrol': a device new to the customer).
ALTER TABLE login_challenges DROP CONSTRAINT login_challenges_kind_check;
ALTER TABLE login_challenges ADD CONSTRAINT login_challenges_kind_check
  CHECK (kind IN ('fds', 'bds', 'enrol', 'unlock'));
ALTER TABLE login_challenges ADD COLUMN channel text NOT NULL DEFAULT 'web' CHECK (channel IN ('web', 'mobile'));

-- The web session that asked for an approval: it may never be the one that decides it.
ALTER TABLE approval_requests ADD COLUMN requested_session_id bigint REFERENCES sessions(id);
