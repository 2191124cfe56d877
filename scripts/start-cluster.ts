// `npm run start:cluster`: the product as it runs at scale, on one machine: CLUSTER_SERVERS app servers
// (2; the product's own entry, each a process, demo data seeded once between them), HAProxy in front on
// PORT (3000) balancing every request round robin, PgBouncer in transaction pooling between them and
// PostgreSQL when installed (CLUSTER_PGBOUNCER=0 goes direct), on DATABASE_URL's database (made when
// missing). The generated configurations and each process's log are in data/cluster/. Ctrl-C drains
// the servers (SIGTERM) and stops everything. README.md, "Running several servers".
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { buildIfChanged } from './build-if-changed';
import { startCluster } from './cluster/cluster';
import { findProgram } from './cluster/processes';

const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bank');
const servers = Number(process.env.CLUSTER_SERVERS ?? 2);
const port = Number(process.env.PORT ?? 3000);
const pgbouncer = process.env.CLUSTER_PGBOUNCER !== '0' && !!findProgram('pgbouncer');
const dir = path.resolve(process.env.CLUSTER_DIR ?? 'data/cluster');

buildIfChanged();

// The database, when it is not there yet (the servers migrate and seed it, once between them).
const name = decodeURIComponent(url.pathname.slice(1));
const maintenance = new URL(url);
maintenance.pathname = '/postgres';
const admin = new pg.Client({ connectionString: maintenance.toString() });
await admin.connect();
const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
if (!found.rowCount) await admin.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
await admin.end();

rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
console.log(
  `Starting ${servers} app servers on ${url.host}/${name}${pgbouncer ? ' through PgBouncer' : ''}...`,
);
const cluster = await startCluster({
  servers,
  databaseUrl: url.toString(),
  pgbouncer,
  port,
  demo: true,
  dir,
});
const base = `${cluster.url}/`;
console.log(
  `\n  Internet banking:      ${base}login/\n  Registration:          ${base}register/\n  Companion app:         ${base}m/\n` +
    `  One-time passwords:    ${base}dev/outbox\n\n` +
    `  HAProxy (${path.join(dir, 'haproxy.cfg')}) -> ${cluster.servers.map((s) => s.url).join(', ')}\n` +
    (pgbouncer ? `  PgBouncer (${path.join(dir, 'pgbouncer.ini')}): ${cluster.appDatabaseUrl}\n` : '') +
    `  Logs: ${dir}/*.log. Demo logins: README.md. Ctrl-C drains and stops.\n`,
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('Draining the app servers...');
    void cluster.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
