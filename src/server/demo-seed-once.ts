import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db, Queryable } from './db/db';
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
  const done = async (q: Queryable) =>
    (await q.query(`SELECT 1 FROM demo_seed_runs WHERE version = $1`, [version])).rows.length > 0;
  if (await done(db)) return { skipped: true };
  const seed = async () => {
    const seeded = await seedDemoData(db);
    await db.query(`INSERT INTO demo_seed_runs (version) VALUES ($1) ON CONFLICT (version) DO NOTHING`, [
      version,
    ]);
    return { skipped: false as const, ...seeded };
  };
  // PGlite is one process's own database: nobody else seeds it.
  if (db.kind === 'pglite') return seed();
  // Servers started together seed once: the first holds a transaction-level lock (which PgBouncer's
  // transaction pooling keeps) while it seeds on its other connections; the others wait on the lock,
  // then find the seed done. The seed's parts are idempotent but not safe to run side by side.
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(727299)');
    if (await done(tx)) return { skipped: true as const };
    return seed();
  });
}
