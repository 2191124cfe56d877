-- A known browser that got past a lock with the secure word and an OTP: until this time (the end of
-- the lock it passed) its password alone logs in again, while the user id stays locked for others.
ALTER TABLE known_browsers ADD COLUMN unlocked_until timestamptz;
