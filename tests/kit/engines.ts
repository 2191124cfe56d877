import pg from 'pg';
import { it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openPglite, openPostgres, type Db, type PgliteDb } from '../../src/server/db/db';
import { migrate } from '../../src/server/db/migrate';
import { seedDemoData } from '../../src/server/demo-seed';
import { tablespaceClause, tablespaceMark } from './scratch-tablespace';

// The databases of the tests: both engines, each open() a scratch database of its own, copied from a
// template migrated once per set of migrations (and openDemo() from one seeded with the demo data).

export interface TestDb {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated database of this kind. */
  open(): Promise<Db>;
  /**
   * A fresh, migrated database opened twice, as two app servers would (two pools on PostgreSQL; the
   * one embedded database, which is in-process, for both on PGlite). close() closes both.
   */
  openTwice(): Promise<{ first: Db; second: Db; close(): Promise<void> }>;
  /**
   * A fresh database holding the demo data (seedDemoData), as `npm start` seeds it: a copy of one seeded
   * at most SEED_REUSE_MS ago (the seed's dates are relative to now), so a run seeds once per engine.
   */
  openDemo(): Promise<Db>;
}

const pglite: TestDb = {
  name: 'pglite',
  open: () => openMigratedPglite(),
  openTwice: async () => {
    const db = await openMigratedPglite();
    return { first: db, second: db, close: () => db.close() };
  },
  openDemo: () => openDemoPglite(),
};

const postgres = (url: string): TestDb => ({
  name: 'postgres',
  open: async () => openScratchPostgres(url),
  openDemo: async () => openScratchPostgres(url, await demoTemplate(url)),
  openTwice: async () => {
    const first = await openScratchPostgres(url);
    const second = await openPostgres(first.url!);
    return {
      first,
      second,
      close: async () => {
        await second.close();
        await first.close();
      },
    };
  },
});

const url = process.env.DATABASE_URL;

/**
 * Both engines, for what can differ between them: concurrency, locks, pools, notifications across
 * connections, numeric edges, the ledger's invariant, migrations and the seed. PostgreSQL only when
 * DATABASE_URL is set. Each open() is an empty database of its own.
 */
export const bothEngines: TestDb[] = [pglite, ...(url ? [postgres(url)] : [])];

/**
 * The engine for everything else (routes, rules, flows): one SQL serves both, so running each file on
 * both doubled the suite for nothing. PostgreSQL (production's engine, twice as fast here) when
 * DATABASE_URL is set, else PGlite; the browser tests' server runs on it too (test-server.ts).
 * TEST_BOTH_ENGINES=1 runs every file on both.
 */
export const testDbs: TestDb[] = url && !process.env.TEST_BOTH_ENGINES ? [postgres(url)] : bothEngines;

/**
 * Inside a describe.each(bothEngines): the `it` for a case the engines cannot answer differently (the
 * same SQL, or HTTP validation), run only on testDbs' engine; so a file pays the second engine only for
 * its cases that can differ, sharing one setup per engine.
 */
export const itOnOneEngine = (name: TestDb['name']) => (testDbs.some((d) => d.name === name) ? it : it.skip);

/**
 * The migrations' fingerprint: a migrated template is made once per set of migration files and
 * reused by every test file after it (PGlite's initdb and 40-odd migrations cost seconds per open).
 */
const MIGRATIONS = path.resolve(import.meta.dirname, '../../src/server/db/migrations');
const fingerprint = createHash('sha256')
  .update(
    readdirSync(MIGRATIONS)
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .map((f) => f + '\n' + readFileSync(path.join(MIGRATIONS, f), 'utf8'))
      .join('\n'),
  )
  .digest('hex')
  .slice(0, 16);

/** The demo data's fingerprint: the migrations and the server's code and data (the seeds live there). */
const SERVER = path.resolve(import.meta.dirname, '../../src/server');
const demoFingerprint = createHash('sha256')
  .update(fingerprint)
  .update(
    readdirSync(SERVER, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(ts|json|sql|csv)$/.test(f))
      .sort()
      .map((f) => f + '\n' + readFileSync(path.join(SERVER, f), 'utf8'))
      .join('\n'),
  )
  .digest('hex')
  .slice(0, 12);

/** Long enough for a run of the suite, short enough that the seed's dates relative to now hold. */
const SEED_REUSE_MS = 10 * 60_000;

/** This worker's last seeded PGlite (test files share modules per worker), as a data folder. */
let seededPglite: { at: number; dump: Blob } | undefined;

/** A fresh PGlite holding the demo data: a copy of this worker's recent seeded one (1 s against 5-8 s). */
async function openDemoPglite(): Promise<PgliteDb> {
  if (seededPglite && Date.now() - seededPglite.at < SEED_REUSE_MS)
    return openPglite(undefined, seededPglite.dump);
  const db = await openMigratedPglite();
  const at = Date.now();
  await seedDemoData(db);
  seededPglite = { at, dump: await db.dumpDataDir() };
  return db;
}

/** A fresh PGlite with every migration applied, loaded from a template data folder in the temp dir. */
export async function openMigratedPglite(): Promise<PgliteDb> {
  const file = path.join(os.tmpdir(), `pglite-migrated-${fingerprint}.tar`);
  const template = await readFile(file).catch(() => null);
  if (template) return openPglite(undefined, new Blob([template]));
  const db = await openPglite();
  await migrate(db);
  // Written aside and renamed, so a test file reading it at the same time never sees half of it.
  const part = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(part, Buffer.from(await (await db.dumpDataDir()).arrayBuffer()));
  await rename(part, file);
  return db;
}

/**
 * A throwaway database beside DATABASE_URL's, dropped on close: a copy of a migrated template
 * database (CREATE DATABASE ... TEMPLATE), which is made once per set of migration files, in the
 * tests' tablespace when there is one (scratch-tablespace.ts; a copy stays in its template's).
 */
async function openScratchPostgres(url: string, from?: string): Promise<Db & { url?: string }> {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = from ?? (await postgresTemplate(url));
  await withAdmin(url, async (admin) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        return;
      } catch (err) {
        // Another test file's CREATE DATABASE from the same template holds it for a moment.
        if (attempt >= 50 || !/being accessed by other users/.test(String(err))) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  });
  const db = await openPostgres(urlOf(url, name), 32);
  return {
    ...db,
    url: urlOf(url, name),
    close: async () => {
      await db.close();
      await withAdmin(url, (a) => a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function postgresTemplate(url: string): Promise<string> {
  const template = `tmpl_migrated_${tablespaceMark}${fingerprint}`;
  await withAdmin(url, async (admin) => {
    const tablespace = await tablespaceClause(admin);
    // One test file builds it; the others wait on the lock and then find it.
    await admin.query('SELECT pg_advisory_lock(727275)');
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (found.rowCount) return;
      const building = `${template}_b${randomBytes(3).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${building}${tablespace}`);
      const db = await openPostgres(urlOf(url, building), 2);
      await migrate(db);
      await db.close();
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
    } finally {
      await admin.query('SELECT pg_advisory_unlock(727275)');
    }
  });
  return template;
}

/**
 * A template holding the demo data, seeded at most SEED_REUSE_MS ago (its name says when): found or
 * made under a lock, from the migrated template; those older than an hour are dropped.
 */
async function demoTemplate(url: string): Promise<string> {
  const migrated = await postgresTemplate(url);
  const prefix = `tmpl_demo_${tablespaceMark}${demoFingerprint}_`;
  return withAdmin(url, async (admin) => {
    await admin.query('SELECT pg_advisory_lock(727276)');
    try {
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE 'tmpl_demo_%' ORDER BY datname DESC`,
      );
      const seededAt = (name: string) => Number(name.slice(name.lastIndexOf('_') + 1)) * 1000;
      for (const { datname } of rows)
        if (Date.now() - seededAt(datname) > 3_600_000)
          await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
      const recent = rows.find(
        (r) => r.datname.startsWith(prefix) && Date.now() - seededAt(r.datname) < SEED_REUSE_MS,
      );
      if (recent) return recent.datname;
      const at = Math.floor(Date.now() / 1000);
      const building = `${prefix}b${randomBytes(3).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${building} TEMPLATE ${migrated}`);
      const db = await openPostgres(urlOf(url, building), 4);
      await seedDemoData(db);
      await db.close();
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${prefix}${at}`);
      return `${prefix}${at}`;
    } finally {
      await admin.query('SELECT pg_advisory_unlock(727276)');
    }
  });
}

/** The URL of `database` on the server `url` names. */
export function urlOf(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A connection of its own to `url` for `fn` (DDL: CREATE and DROP DATABASE), closed after it. */
export async function withAdmin<T>(url: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}
