import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startHaproxy, startPgbouncer, type Backend } from './front';
import { accepting, freePort, startChild, waitFor, type Child } from './processes';

// Several app servers (the product's own entry, src/server/main.ts, each a process) on one PostgreSQL,
// behind HAProxy, optionally through PgBouncer: what `npm run start:cluster`, the scale-out tests
// (tests/server/scale-out) and bench/scale-out.ts start.

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ClusterOptions {
  /** How many app servers. */
  servers: number;
  /** The database itself (created and empty is fine: the servers migrate it, once between them). */
  databaseUrl: string;
  /** The app servers reach the database through PgBouncer in transaction pooling (LISTEN directly). */
  pgbouncer?: boolean;
  /** The balancer's port (0 or absent: a free one). */
  port?: number;
  /** The servers' demo mode (`--demo`: the demo data seeded once, on first start). */
  demo?: boolean;
  /** More environment for the app servers (LOG_LEVEL defaults to warn). */
  env?: Record<string, string>;
  /** Where configurations and logs go (a new temporary folder, removed on stop, if absent). */
  dir?: string;
}

export interface AppServer extends Backend {
  url: string;
  child: Child;
}

export interface Cluster {
  /** The balancer's address: what clients use. */
  url: string;
  servers: AppServer[];
  dir: string;
  haproxy: Child;
  pgbouncer?: Child;
  /** The URL the app servers query through (PgBouncer's when there is one). */
  appDatabaseUrl: string;
  /** Every process ended (servers drained with SIGTERM first), the temporary folder removed. */
  stop(): Promise<void>;
}

const ready = (port: number) => () => fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.status === 200);

/** Starts an app server process on a free port and waits until it reports ready. */
export async function startAppServer(
  name: string,
  dir: string,
  env: Record<string, string>,
  demo = false,
): Promise<AppServer> {
  const port = await freePort();
  const child = startChild(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts'), ...(demo ? ['--demo'] : [])],
    {
      log: path.join(dir, `${name}.log`),
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    },
  );
  try {
    await waitFor(`app server ${name}`, ready(port), { timeoutMs: 90_000, child });
  } catch (err) {
    await child.stop(1_000);
    throw err;
  }
  return { name, port, url: `http://127.0.0.1:${port}`, child };
}

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const ownDir = !opts.dir;
  const dir = opts.dir ?? mkdtempSync(path.join(os.tmpdir(), 'bank-cluster-'));
  const started: Child[] = [];
  try {
    const direct = new URL(opts.databaseUrl);
    let pgbouncer: Child | undefined;
    let appDatabaseUrl = opts.databaseUrl;
    const poolMax = Number(opts.env?.DATABASE_POOL_MAX ?? process.env.DATABASE_POOL_MAX ?? 10);
    if (opts.pgbouncer) {
      const port = await freePort();
      // Each server's pool shares the bouncer's server connections: a few per core of the database.
      pgbouncer = await startPgbouncer(dir, port, direct, Math.max(poolMax, 8));
      started.push(pgbouncer);
      const via = new URL(opts.databaseUrl);
      via.hostname = '127.0.0.1';
      via.port = String(port);
      appDatabaseUrl = via.toString();
    }
    const env: Record<string, string> = {
      DATABASE_URL: appDatabaseUrl,
      // Only this balancer's X-Forwarded-For names the client (the per-address limits key on it).
      TRUST_PROXY: '127.0.0.1',
      ...(opts.pgbouncer ? { DATABASE_POOLER: 'transaction', DATABASE_LISTEN_URL: opts.databaseUrl } : {}),
      ...opts.env,
    };
    // All at once, as a deployment starts them: the migrations run once between them.
    const starts = await Promise.allSettled(
      Array.from({ length: opts.servers }, (_, i) => startAppServer(`app${i + 1}`, dir, env, opts.demo)),
    );
    const servers: AppServer[] = [];
    for (const s of starts) if (s.status === 'fulfilled') servers.push(s.value);
    started.push(...servers.map((s) => s.child));
    for (const s of starts) if (s.status === 'rejected') throw s.reason;
    const port = opts.port || (await freePort());
    const haproxy = startHaproxy(dir, port, servers);
    started.push(haproxy);
    await waitFor('haproxy', () => accepting(port), { timeoutMs: 10_000, child: haproxy });
    await waitFor('the balancer', ready(port), { timeoutMs: 10_000, child: haproxy });
    return {
      url: `http://127.0.0.1:${port}`,
      servers,
      dir,
      haproxy,
      pgbouncer,
      appDatabaseUrl,
      async stop() {
        await Promise.all(servers.map((s) => s.child.stop(10_000)));
        await haproxy.stop(2_000);
        await pgbouncer?.stop(2_000);
        if (ownDir) rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await Promise.all(started.map((c) => c.stop(1_000)));
    throw err;
  }
}
