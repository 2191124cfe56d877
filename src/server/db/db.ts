import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import pg from 'pg';

/** Anything that runs SQL: the database itself or an open transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
  ): Promise<{ rows: T[]; rowCount: number }>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one database transaction; retried on serialization failures and deadlocks. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs fn again on serialization failures and deadlocks: for one statement that is a whole transaction. */
  retrying<T>(fn: () => Promise<T>): Promise<T>;
  /** Runs a multi-statement script (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Calls onPayload for every NOTIFY on channel, from any connection to this database (so from every
   * app server on it). onGap runs when the listening connection was lost and is back: whatever was
   * sent in between is gone, so the listener should re-read. Resolves once listening; the returned
   * function stops.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onGap?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

// int8 columns hold money in minor units: a JS number is exact up to 2^53, and we refuse anything larger.
function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`int8 value ${value} is outside the safe integer range`);
  return n;
}

const RETRYABLE = new Set(['40001', '40P01']);
const MAX_RETRIES = 8;

async function withRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (!code || !RETRYABLE.has(code) || attempt >= MAX_RETRIES) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 5 * (attempt + 1)));
    }
  }
}

/** An embedded database that can also be written out whole, e.g. as a migrated template for tests. */
export interface PgliteDb extends Db {
  dumpDataDir(): Promise<Blob>;
}

/** from: a data folder written by dumpDataDir(), which skips initdb (most of PGlite's start-up). */
export async function openPglite(dataDir?: string, from?: Blob): Promise<PgliteDb> {
  const lite = await PGlite.create(dataDir, {
    parsers: { [pgliteTypes.INT8]: (v: string) => parseInt8(v) },
    ...(from ? { loadDataDir: from } : {}),
  });
  const query: Queryable['query'] = async (sql, params) => {
    const r = await lite.query(sql, params as unknown[] | undefined);
    return { rows: r.rows as never[], rowCount: r.affectedRows ?? r.rows.length };
  };
  return {
    kind: 'pglite',
    query,
    // PGlite is a single session, so transactions are naturally serial.
    transaction: (fn) =>
      lite.transaction(async (tx) =>
        fn({
          query: async (sql, params) => {
            const r = await tx.query(sql, params as unknown[] | undefined);
            return { rows: r.rows as never[], rowCount: r.affectedRows ?? r.rows.length };
          },
        }),
      ),
    retrying: (fn) => fn(),
    exec: async (sql) => {
      await lite.exec(sql);
    },
    // One process, one connection: nothing to lose, so no gaps.
    listen: async (channel, onPayload) => {
      const stop = await lite.listen(channel, onPayload);
      return () => stop();
    },
    close: () => lite.close(),
    dumpDataDir: () => lite.dumpDataDir('none'),
  };
}

/**
 * Statements with parameters run as named prepared statements (one name per distinct SQL text): each
 * connection parses and plans one once, not on every call. Bounded, in case some text were ever built
 * per call.
 */
const statementNames = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 1000;
function prepared(text: string, values: unknown[] | undefined): pg.QueryConfig {
  if (!values) return { text };
  let name = statementNames.get(text);
  if (!name && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `s${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name ? { name, text, values } : { text, values };
}

/** How the app reaches PostgreSQL besides its URL and pool size (config.ts: DATABASE_*). */
export interface PostgresOptions {
  /**
   * false through a pooler in transaction mode (PgBouncer before 1.21): a named statement lives in one
   * server connection, which the pooler hands to other clients between transactions, so every
   * statement goes unnamed (parsed and planned each time, as the simple query path does).
   */
  namedStatements?: boolean;
  /**
   * Where LISTEN connects: a session of its own for as long as it listens, which a transaction pooler
   * cannot give; the database directly (DATABASE_LISTEN_URL). Default: the connection string.
   */
  listenUrl?: string;
}

export async function openPostgres(
  connectionString: string,
  max = 10,
  { namedStatements = true, listenUrl = connectionString }: PostgresOptions = {},
): Promise<Db> {
  const statement = namedStatements ? prepared : (text: string, values?: unknown[]) => ({ text, values });
  const pool = new pg.Pool({
    connectionString,
    max,
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        oid === 20
          ? parseInt8
          : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client whose backend goes away (server restart, DROP DATABASE ... FORCE) must not crash the process.
  pool.on('error', () => undefined);
  // Fail fast on a wrong URL rather than on the first request.
  const client = await pool.connect();
  client.release();
  const listener = postgresListener(listenUrl);
  let closing: Promise<void> | undefined;
  const query: Queryable['query'] = async (sql, params) => {
    const r = await pool.query(statement(sql, params));
    return { rows: r.rows, rowCount: r.rowCount ?? 0 };
  };
  return {
    kind: 'postgres',
    query,
    retrying: withRetry,
    transaction: (fn) =>
      withRetry(async () => {
        const c = await pool.connect();
        try {
          await c.query('BEGIN');
          const result = await fn({
            query: async (sql, params) => {
              const r = await c.query(statement(sql, params));
              return { rows: r.rows, rowCount: r.rowCount ?? 0 };
            },
          });
          await c.query('COMMIT');
          return result;
        } catch (err) {
          await c.query('ROLLBACK').catch(() => undefined);
          throw err;
        } finally {
          c.release();
        }
      }),
    exec: async (sql) => {
      await pool.query(sql);
    },
    listen: (channel, onPayload, onGap) => listener.listen(channel, onPayload, onGap),
    // Twice is harmless (a pool ended twice would throw).
    close: () =>
      (closing ??= (async () => {
        await listener.close();
        await pool.end();
      })()),
  };
}

type Listener = { onPayload: (payload: string) => void; onGap?: () => void };

/**
 * LISTEN needs a connection of its own for as long as it listens (a pooled one would be handed to
 * others), opened on the first listen(). When it drops (a restart, a terminated backend) it is opened
 * again with backoff, every channel listened to again, and each listener told of the gap.
 */
export function postgresListener(connectionString: string) {
  const channels = new Map<string, Set<Listener>>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let backoffMs = 100;
  let gap = false;
  let closed = false;

  const quoted = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

  const connect = (): Promise<void> =>
    (connecting ??= (async () => {
      const c = new pg.Client({ connectionString, application_name: 'listener' });
      c.on('notification', (m) => {
        for (const l of channels.get(m.channel) ?? []) l.onPayload(m.payload ?? '');
      });
      c.on('error', () => lost(c));
      c.on('end', () => lost(c));
      try {
        await c.connect();
        for (const channel of channels.keys()) await c.query(`LISTEN ${quoted(channel)}`);
        if (closed) throw new Error('the database is closed');
      } catch (err) {
        await c.end().catch(() => undefined);
        throw err;
      }
      client = c;
      backoffMs = 100;
      if (gap) {
        gap = false;
        for (const set of channels.values()) for (const l of set) l.onGap?.();
      }
    })().finally(() => (connecting = null)));

  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    gap = true;
    c.end().catch(() => undefined);
    retry();
  };
  const retry = () => {
    if (closed || retryTimer || client || channels.size === 0) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (client || closed) return;
      connect().catch(() => {
        backoffMs = Math.min(backoffMs * 2, 5_000);
        retry();
      });
    }, backoffMs);
  };

  return {
    async listen(channel: string, onPayload: (payload: string) => void, onGap?: () => void) {
      if (closed) throw new Error('the database is closed');
      const entry: Listener = { onPayload, onGap };
      const set = channels.get(channel) ?? new Set<Listener>();
      set.add(entry);
      channels.set(channel, set);
      const forget = () => {
        set.delete(entry);
        if (set.size === 0 && channels.get(channel) === set) channels.delete(channel);
      };
      try {
        await connecting?.catch(() => undefined);
        if (!client) await connect();
        // LISTEN twice is harmless (a connection opened meanwhile may have listened already).
        else await client.query(`LISTEN ${quoted(channel)}`);
      } catch (err) {
        forget();
        throw err;
      }
      return async () => {
        forget();
        if (!channels.has(channel)) await client?.query(`UNLISTEN ${quoted(channel)}`).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      await connecting?.catch(() => undefined);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}

/** DATABASE_URL wins; otherwise the embedded database in dataDir (undefined = in memory). */
export function openDb(
  opts: { databaseUrl?: string; dataDir?: string; poolMax?: number } & PostgresOptions,
): Promise<Db> {
  const { databaseUrl, dataDir, poolMax, ...postgres } = opts;
  return databaseUrl ? openPostgres(databaseUrl, poolMax, postgres) : openPglite(dataDir);
}
