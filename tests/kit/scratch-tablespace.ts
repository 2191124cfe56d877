import { readdirSync } from 'node:fs';
import type pg from 'pg';

/**
 * Where the tests' PostgreSQL databases live: in a tablespace on a RAM disk when TEST_PG_TABLESPACE names
 * its folder on the database's own machine (.ci/run makes one under /dev/shm, owned by the server's
 * user), else in PostgreSQL's default one. A migrated database is some 870 files, each made by CREATE
 * DATABASE and removed by DROP DATABASE; on the test machine's ext4 that cost PostgreSQL 113 CPU-s of the
 * server project's run, against 32 on tmpfs (docs/performance-log.md). The data is as throwaway as the
 * databases: no test reads a database after PostgreSQL restarts.
 */
const SCRATCH_TABLESPACE = 'octo_test_scratch';

const folder = process.env.TEST_PG_TABLESPACE;

/**
 * Part of a template's name, before its fingerprint: a template made in the tablespace is not one made
 * outside it (nor does a name's prefix match the other's).
 */
export const tablespaceMark = folder ? 'ts_' : '';

let ready: Promise<string> | undefined;

/**
 * The clause CREATE DATABASE takes to put a database in the tests' tablespace (' TABLESPACE ...'), or ''
 * without TEST_PG_TABLESPACE. The tablespace is made on first use; one whose folder lost its files (a
 * RAM disk cleared by a restart) or moved is dropped with its databases and made again.
 */
export function tablespaceClause(admin: pg.Client): Promise<string> {
  if (!folder) return Promise.resolve('');
  ready ??= ensureTablespace(admin, SCRATCH_TABLESPACE, folder).then(
    () => ` TABLESPACE ${SCRATCH_TABLESPACE}`,
    (err: unknown) => {
      ready = undefined;
      throw err;
    },
  );
  return ready;
}

/** Makes the tablespace `name` at `location`, or finds it there with its files (exported for its test). */
export async function ensureTablespace(admin: pg.Client, name: string, location: string): Promise<void> {
  // One test file makes it; the others wait on the lock and then find it.
  await admin.query('SELECT pg_advisory_lock(727277)');
  try {
    const found = await findTablespace(admin, name);
    if (found && found.location === location && !lostItsFiles(location)) return;
    if (found) {
      const { rows: dbs } = await admin.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE dattablespace = $1',
        [found.oid],
      );
      for (const { datname } of dbs) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      await admin.query(`DROP TABLESPACE ${name}`);
    }
    await admin.query(`CREATE TABLESPACE ${name} LOCATION '${location.replaceAll("'", "''")}'`);
  } finally {
    await admin.query('SELECT pg_advisory_unlock(727277)');
  }
}

/** The tablespace `name`, with the folder it was made in, if there is one. */
export async function findTablespace(
  admin: pg.Client,
  name: string,
): Promise<{ oid: number; location: string } | undefined> {
  const { rows } = await admin.query<{ oid: number; location: string }>(
    'SELECT oid, pg_tablespace_location(oid) AS location FROM pg_tablespace WHERE spcname = $1',
    [name],
  );
  return rows[0];
}

/** PostgreSQL keeps a tablespace's files under PG_<version>_<catalog>; a cleared folder has none. */
function lostItsFiles(location: string): boolean {
  try {
    return !readdirSync(location).some((f) => f.startsWith('PG_'));
  } catch {
    return false; // not readable by this user (it is the server's): take PostgreSQL's word
  }
}
