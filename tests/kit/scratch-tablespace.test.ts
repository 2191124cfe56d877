// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTablespace, findTablespace } from './scratch-tablespace';

const url = process.env.DATABASE_URL;
/** The PostgreSQL server's user, when it runs on this machine and this process may give it a folder. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (!url || !['127.0.0.1', 'localhost'].includes(new URL(url).hostname) || process.getuid?.() !== 0)
    return undefined;
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}
const owner = serverUser();

// Its own tablespace and folders: the run's own (TEST_PG_TABLESPACE) holds other files' databases.
describe.skipIf(!owner)("the tests' tablespace (TEST_PG_TABLESPACE, a local PostgreSQL, as root)", () => {
  const name = `t_space_${randomBytes(4).toString('hex')}`;
  const root = path.join(os.tmpdir(), name);
  const folder = (n: string) => {
    const dir = path.join(root, n);
    mkdirSync(dir, { recursive: true });
    chownSync(root, owner!.uid, owner!.gid);
    chownSync(dir, owner!.uid, owner!.gid);
    return dir;
  };
  let admin: pg.Client;
  const databasesIn = async () =>
    (
      await admin.query<{ datname: string }>(
        'SELECT d.datname FROM pg_database d JOIN pg_tablespace t ON t.oid = d.dattablespace WHERE t.spcname = $1',
        [name],
      )
    ).rows.map((r) => r.datname);
  const spaceOf = () => findTablespace(admin, name);

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    for (const db of await databasesIn()) await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    await admin.query(`DROP TABLESPACE IF EXISTS ${name}`);
    await admin.end();
    rmSync(root, { recursive: true, force: true });
  });

  it('is made in the folder on first use, and found there after', async () => {
    const dir = folder('a');
    await ensureTablespace(admin, name, dir);
    const made = await spaceOf();
    expect(made?.location).toBe(dir);
    await admin.query(`CREATE DATABASE ${name}_db1 TABLESPACE ${name}`);
    expect(readdirSync(dir).some((f) => f.startsWith('PG_'))).toBe(true);

    await ensureTablespace(admin, name, dir);
    expect((await spaceOf())?.oid).toBe(made?.oid);
    expect(await databasesIn()).toEqual([`${name}_db1`]);
  });

  it('is made again, its databases dropped, once its folder lost its files (a RAM disk after a restart)', async () => {
    const dir = (await spaceOf())!.location;
    rmSync(dir, { recursive: true, force: true });
    folder('a');
    await expect(admin.query(`CREATE DATABASE ${name}_db2 TABLESPACE ${name}`)).rejects.toThrow(
      /could not create directory/,
    );

    await ensureTablespace(admin, name, dir);
    expect(await databasesIn()).toEqual([]);
    await admin.query(`CREATE DATABASE ${name}_db2 TABLESPACE ${name}`);
    expect(await databasesIn()).toEqual([`${name}_db2`]);
  });

  it('is made again in a folder named anew', async () => {
    const dir = folder('b');
    await ensureTablespace(admin, name, dir);
    expect((await spaceOf())?.location).toBe(dir);
    expect(await databasesIn()).toEqual([]);
    expect(existsSync(path.join(root, 'a'))).toBe(true);
  });
});
