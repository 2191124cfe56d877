-- Companion-app devices after a password reset or a credential change (issue 44, item 3a), as passkeys
-- are (migration 360): each device is named (the enrolling app's browser and system, and its address),
-- and a reset or change asks the customer which to keep. Until kept in Settings a device under review
-- decides no approval and its companion-app login is refused; the devices not kept are removed.
ALTER TABLE approval_devices ADD COLUMN id bigserial;
ALTER TABLE approval_devices ADD CONSTRAINT approval_devices_id_key UNIQUE (id);
ALTER TABLE approval_devices ADD COLUMN name text;
ALTER TABLE approval_devices ADD COLUMN enrolled_where text;
ALTER TABLE approval_devices ADD COLUMN review_asked_at timestamptz;
