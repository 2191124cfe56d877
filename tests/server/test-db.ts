import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { openPglite, openPostgres, type Db } from '../../src/server/db/db';
import { migrate } from '../../src/server/db/migrate';

export interface TestDb {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated database of this kind. */
  open(): Promise<Db>;
  /**
   * A fresh, migrated database opened twice, as two app servers would (two pools on PostgreSQL; the
   * one embedded database, which is in-process, for both on PGlite). close() closes both.
   */
  openTwice(): Promise<{ first: Db; second: Db; close(): Promise<void> }>;
}

/** PGlite always; PostgreSQL too when DATABASE_URL is set. Each open() is an empty database of its own. */
export const testDbs: TestDb[] = [
  {
    name: 'pglite',
    open: async () => withMigrations(await openPglite()),
    openTwice: async () => {
      const db = await withMigrations(await openPglite());
      return { first: db, second: db, close: () => db.close() };
    },
  },
  ...(process.env.DATABASE_URL
    ? [
        {
          name: 'postgres' as const,
          open: async () => withMigrations(await openScratchPostgres(process.env.DATABASE_URL!)),
          openTwice: async () => {
            const first = await withMigrations(await openScratchPostgres(process.env.DATABASE_URL!));
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
        },
      ]
    : []),
];

async function withMigrations<T extends Db>(db: T): Promise<T> {
  await migrate(db);
  return db;
}

/** Creates a throwaway database beside DATABASE_URL's and drops it on close. */
async function openScratchPostgres(url: string): Promise<Db & { url?: string }> {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const db = await openPostgres(u.toString(), 32);
  return {
    ...db,
    url: u.toString(),
    close: async () => {
      await db.close();
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
