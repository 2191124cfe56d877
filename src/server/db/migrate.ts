import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Db } from './db';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

const migrationFiles = async () => (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();

/**
 * Applies every migrations/NNN-name.sql not yet applied, in name order, in one transaction. One set of
 * files serves PGlite and PostgreSQL. Servers that start together migrate once: the first takes a
 * transaction-level advisory lock (which a transaction pooler such as PgBouncer keeps for the whole
 * transaction, unlike a session lock) and the others wait on it, then find every file applied.
 */
export async function migrate(db: Db): Promise<string[]> {
  const files = await migrationFiles();
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(727274)');
    // Under the lock: two servers creating the table at once would collide on its catalogue rows.
    await tx.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
  });
  return applied;
}

let latestFile: Promise<string | undefined> | undefined;

/**
 * Whether the database answers and has this server's latest migration applied: what /readyz reports
 * to the load balancer (a server whose code is newer than its database must not take traffic).
 */
export async function migratedToLatest(db: Db): Promise<boolean> {
  latestFile ??= migrationFiles().then((files) => files.at(-1));
  const latest = await latestFile;
  const { rows } = await db.query<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM schema_migrations WHERE name = $1) AS found`,
    [latest],
  );
  return rows[0]?.found === true;
}

/** Splits a script on semicolons at line ends, outside dollar-quoted bodies. */
export function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let current = '';
  let inDollar = false;
  for (const line of sql.split('\n')) {
    if (/^\s*--/.test(line) && !inDollar) continue;
    const dollars = line.match(/\$\$/g)?.length ?? 0;
    if (dollars % 2 === 1) inDollar = !inDollar;
    current += line + '\n';
    if (!inDollar && /;\s*$/.test(line)) {
      if (current.trim() !== ';') out.push(current.trim());
      current = '';
    }
  }
  if (current.trim()) out.push(current.trim());
  return out;
}
