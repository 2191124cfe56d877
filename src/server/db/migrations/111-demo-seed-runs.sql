-- Demo mode: which version of the demo seed (a hash of the seed modules' source) this database holds
-- complete, so a second start skips seeding (issue 20: a second `npm start` serves within 3 s).
CREATE TABLE demo_seed_runs (
  version text PRIMARY KEY,
  seeded_at timestamptz NOT NULL DEFAULT now()
);
