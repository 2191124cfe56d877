-- Issue 43: the per-address rate limits (login, forgot flows, the companion app's login, public receipt
-- checks) counted in the database every app server shares, not in each process's memory, where two
-- servers let twice the guesses through. One row per key and window, counted by one statement a
-- request (src/server/http/rate-limit-store.ts). UNLOGGED: a counter costs no WAL, and a crash of the
-- database only starts the windows afresh (the per-identifier locks, auth_failures, stay logged).
CREATE UNLOGGED TABLE rate_limit_counts (
  key text PRIMARY KEY,
  hits int NOT NULL,
  window_ends_at timestamptz NOT NULL
);
