import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { openPglite, openPostgres, type Db } from '../../src/server/db/db';
import { migrate } from '../../src/server/db/migrate';

export interface TestDb {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated database of this kind. */
  open(): Promise<Db>;
}

/** PGlite always; PostgreSQL too when DATABASE_URL is set. Each open() is an empty database of its own. */
export const testDbs: TestDb[] = [
  { name: 'pglite', open: async () => withMigrations(await openPglite()) },
  ...(process.env.DATABASE_URL
    ? [
        {
          name: 'postgres' as const,
          open: async () => withMigrations(await openScratchPostgres(process.env.DATABASE_URL!)),
        },
      ]
    : []),
];

async function withMigrations(db: Db): Promise<Db> {
  await migrate(db);
  return db;
}

/** Creates a throwaway database beside DATABASE_URL's and drops it on close. */
async function openScratchPostgres(url: string): Promise<Db> {
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
    close: async () => {
      await db.close();
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
