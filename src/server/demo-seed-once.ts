import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from './db/db';
import { seedDemoData } from './demo-seed';

/**
 * The demo seed's version: a hash of every seed module's source (files under src/server named *seed*.ts) and
 * of the seeds' data (JSON under a seed-data folder), so a changed or added seed runs again on the next start
 * and an unchanged one is not read through again.
 */
export function demoSeedVersion(serverDir = import.meta.dirname): string {
  const hash = createHash('sha256');
  const files = (readdirSync(serverDir, { recursive: true }) as string[])
    .map((f) => String(f).split(path.sep).join('/'))
    .filter((f) => /(^|\/)[^/]*seed[^/]*\.ts$/.test(f) || /(^|\/)seed-data\/.+\.json$/.test(f))
    .sort();
  for (const f of files)
    hash
      .update(`${f}\0`)
      .update(readFileSync(path.join(serverDir, f)))
      .update('\0');
  return hash.digest('hex');
}

/**
 * `npm start --demo`: seeds the demo data unless this database already holds this version of it
 * complete (the seed itself is idempotent; skipping it saves the second start its queries).
 */
export async function seedDemoDataOnce(
  db: Db,
): Promise<{ skipped: true } | ({ skipped: false } & Awaited<ReturnType<typeof seedDemoData>>)> {
  const version = demoSeedVersion();
  const done = await db.query(`SELECT 1 FROM demo_seed_runs WHERE version = $1`, [version]);
  if (done.rows.length) return { skipped: true };
  const seeded = await seedDemoData(db);
  await db.query(`INSERT INTO demo_seed_runs (version) VALUES ($1) ON CONFLICT (version) DO NOTHING`, [
    version,
  ]);
  return { skipped: false, ...seeded };
}
