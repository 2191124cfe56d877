/**
 * Confirmed transfers per second with 1, 2 and 4 app servers behind HAProxy (scripts/cluster: the
 * product's own entry, each server a process, round robin) against pgbench's default script on the same
 * PostgreSQL, in one run, and what a confirm costs the database: its statements and round trips
 * (counted in the client, an in-process app over the same database), the database transactions and
 * rows it writes (pg_stat_database), its WAL bytes (pg_current_wal_insert_lsn) and PostgreSQL's CPU
 * (/proc), from which one PostgreSQL core's confirms per second follow. Not a test: it prints ratios.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/scale-out.ts
 *
 * Options: BENCH_SERVERS (app server counts, default 1,2,4), BENCH_CLIENTS (concurrent clients, 16),
 * BENCH_TRANSFERS (timed confirms per count, 2000), BENCH_SECONDS (pgbench's duration, 5),
 * BENCH_PGBOUNCER=1 (the servers reach PostgreSQL through PgBouncer in transaction pooling),
 * DATABASE_POOL_MAX (connections per server, 4 here: the database has 2 cores).
 */
import http from 'node:http';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres, type Db } from '../src/server/db/db';
import { createSession } from '../src/server/auth/sessions';
import { buildApp } from '../src/server/app';
import { startCluster } from '../scripts/cluster/cluster';
import { insertAccount, insertCustomer, latestCode, post, quoteAndSendOtp, uniquePhone } from '../tests/kit';
import { postgresTicks, ticksOf, ticksOfCommand, TICK_MS } from './proc-cpu';
import { postAsSeat, type Seat } from './seat-client';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const COUNTS = (process.env.BENCH_SERVERS ?? '1,2,4').split(',').map(Number);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const POOL = process.env.DATABASE_POOL_MAX ?? '4';
const BOUNCER = process.env.BENCH_PGBOUNCER === '1';

const dbUrl = (name: string) => {
  const u = new URL(DATABASE_URL);
  u.pathname = `/${name}`;
  return u.toString();
};
async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: DATABASE_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

async function seats(db: Db, n: number): Promise<Seat[]> {
  const out: Seat[] = [];
  for (let i = 0; i < n; i++) {
    const phone = uniquePhone();
    const { customerId } = await insertCustomer(db, { phones: [phone] });
    const a = await insertAccount(db, customerId, { balance: 1_000_000_000_00 });
    const b = await insertAccount(db, customerId, { balance: 1_000_000_000_00 });
    const browserId = `scale-${randomBytes(4).toString('hex')}`;
    const s = await createSession(db, { customerId, channel: 'web', browserId });
    out.push({ token: s.token, browserId, phone, a: String(a.id), b: String(b.id) });
  }
  return out;
}

/** A JSON answer, read loosely (inquiry, verification and confirm have their own shapes). */
type Answer = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS * 2 });
/** A POST as the web client makes it: the seat's token sent, the rotated one followed. */
const call = (base: string, route: string, seat: Seat, body: unknown) =>
  postAsSeat<Answer>(agent, base, route, seat, body);

interface DbStats {
  xacts: number;
  rows: number;
  wal: number;
}
async function dbStats(c: pg.Client, name: string): Promise<DbStats> {
  const { rows } = await c.query<{ x: string; r: string; w: string }>(
    `SELECT (xact_commit + xact_rollback)::text AS x, (tup_inserted + tup_updated + tup_deleted)::text AS r,
            (pg_current_wal_insert_lsn() - '0/0'::pg_lsn)::int8::text AS w
       FROM pg_stat_database WHERE datname = $1`,
    [name],
  );
  return { xacts: Number(rows[0]!.x), rows: Number(rows[0]!.r), wal: Number(rows[0]!.w) };
}

/** Confirms through the balancer with n app servers: rate, latencies, and the database's share of each. */
async function withServers(n: number, name: string, stats: pg.Client, db: Db) {
  const cluster = await startCluster({
    servers: n,
    databaseUrl: dbUrl(name),
    pgbouncer: BOUNCER,
    env: {
      NODE_ENV: 'production',
      DATABASE_POOL_MAX: POOL,
      AUTH_RATE_LIMIT_PER_MIN: '100000',
      BILLER_LATENCY_MS: '0',
      ALERT_INTERVAL_MS: '0',
    },
  });
  try {
    const clients = await seats(db, CLIENTS);
    const per = Math.ceil(TRANSFERS / CLIENTS);
    agent.destroy();
    agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS * 2 });
    // Inquiry and OTP for every transfer first, outside the timing.
    const work = await Promise.all(
      clients.map(async (seat) => {
        const out: Record<string, string>[] = [];
        for (let i = 0; i < per; i++) {
          const [from, to] = i % 2 ? [seat.b, seat.a] : [seat.a, seat.b];
          const inq = await call(cluster.url, '/api/transaction/v1/inquiry', seat, {
            flowId: 'transfer.own',
            form: { sourceOfFund: from, beneficiaryAccount: to, amount: 100_000 },
          });
          const ver = await call(cluster.url, '/api/transaction/v1/verification', seat, {
            inquiryId: inq.inquiryId,
            method: 'otp',
          });
          out.push({
            inquiryId: String(inq.inquiryId),
            otpRequestId: String(ver.otp.requestId),
            otp: await latestCode(db, seat.phone),
            idempotencyKey: `scale-${n}-${randomBytes(6).toString('hex')}`,
          });
        }
        return out;
      }),
    );
    const serverPids = cluster.servers.map((s) => s.child.process.pid!);
    const cpu = () => ({
      servers: serverPids.reduce((sum, pid) => sum + ticksOf(pid), 0),
      postgres: postgresTicks(),
      balancer: ticksOfCommand('haproxy'),
    });
    const latencies: number[] = [];
    const before = await dbStats(stats, name);
    const cpu0 = cpu();
    const t0 = performance.now();
    await Promise.all(
      work.map(async (items, c) => {
        for (const body of items) {
          const t = performance.now();
          const r = await call(cluster.url, '/api/transaction/v1/confirm', clients[c]!, body);
          if (r.status !== 'success') throw new Error(`not booked: ${JSON.stringify(r)}`);
          latencies.push(performance.now() - t);
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const cpu1 = cpu();
    const after = await dbStats(stats, name);
    const count = latencies.length;
    latencies.sort((x, y) => x - y);
    return {
      tps: count / seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      pgCpuMs: ((cpu1.postgres - cpu0.postgres) * TICK_MS) / count,
      serverCpuMs: ((cpu1.servers - cpu0.servers) * TICK_MS) / count,
      balancerCpuMs: ((cpu1.balancer - cpu0.balancer) * TICK_MS) / count,
      xacts: (after.xacts - before.xacts) / count,
      rows: (after.rows - before.rows) / count,
      wal: (after.wal - before.wal) / count,
    };
  } finally {
    await cluster.stop();
  }
}

async function pgbench(name: string, stats: pg.Client) {
  const logs = mkdtempSync(path.join(tmpdir(), 'pgbench-log-'));
  const before = await dbStats(stats, name);
  const cpu0 = postgresTicks();
  const out = execFileSync(
    'pgbench',
    [
      '-c',
      String(CLIENTS),
      '-j',
      '2',
      '-T',
      String(SECONDS),
      '-l',
      `--log-prefix=${path.join(logs, 'pgbench')}`,
      dbUrl(name),
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const cpu1 = postgresTicks();
  const after = await dbStats(stats, name);
  const tps = Number(
    /tps = ([\d.]+) \((?:without initial connection time|excluding connections establishing)\)/.exec(
      out,
    )?.[1],
  );
  const count = Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1]);
  const latencies = readdirSync(logs)
    .flatMap((f) =>
      readFileSync(path.join(logs, f), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => Number(line.split(' ')[2]) / 1000),
    )
    .sort((x, y) => x - y);
  rmSync(logs, { recursive: true, force: true });
  return {
    tps,
    p99: percentile(latencies, 99),
    pgCpuMs: ((cpu1 - cpu0) * TICK_MS) / count,
    wal: (after.wal - before.wal) / count,
  };
}

/**
 * Statements and round trips of one confirm, counted in the client: an app in this process over the
 * same database, its queries counted (a transaction's BEGIN and COMMIT are round trips too).
 */
async function countedConfirms(url: string, n = 100) {
  const raw = await openPostgres(url, 4);
  let statements = 0;
  let transactions = 0;
  let counting = false;
  const counted =
    (q: Db['query']): Db['query'] =>
    (sql, params) => {
      if (counting) statements++;
      return q(sql, params);
    };
  const db: Db = {
    ...raw,
    query: counted(raw.query.bind(raw)),
    transaction: (fn) =>
      raw.transaction((tx) => {
        if (counting) transactions++;
        return fn({ query: counted(tx.query.bind(tx)) });
      }),
  };
  const app = await buildApp({ db, settlementIntervalMs: 0, schedulerIntervalMs: 0 });
  try {
    const phone = uniquePhone();
    const { customerId } = await insertCustomer(raw, { phones: [phone] });
    const a = await insertAccount(raw, customerId, { balance: 1_000_000_000 });
    const b = await insertAccount(raw, customerId, { balance: 1_000_000_000 });
    const s = await createSession(raw, { customerId, channel: 'web', browserId: 'counted' });
    const who = {
      customerId,
      phone,
      phoneIds: [],
      userId: '',
      headers: { authorization: `Bearer ${s.token}`, 'x-browser-id': 'counted' },
    };
    const bodies = [];
    for (let i = 0; i < n; i++) {
      const q = await quoteAndSendOtp(app, raw, who, 'transfer.own', {
        sourceOfFund: String(i % 2 ? b.id : a.id),
        beneficiaryAccount: String(i % 2 ? a.id : b.id),
        amount: 10_000,
      });
      bodies.push({ ...q.confirm!, idempotencyKey: `counted-${i}-${randomBytes(4).toString('hex')}` });
    }
    counting = true;
    for (const body of bodies) {
      const r = await post(app, '/api/transaction/v1/confirm', who.headers, body);
      if (r.status !== 200) throw new Error(`confirm ${r.status}`);
    }
    counting = false;
    return {
      statements: statements / n,
      roundTrips: (statements + 2 * transactions) / n,
      transactions: transactions / n,
    };
  } finally {
    await app.close();
    await raw.close();
  }
}

const tag = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const ours = `bench_scale_${tag}`;
const bench = `bench_scale_pgb_${tag}`;
await admin(async (c) => {
  await c.query(`CREATE DATABASE ${ours}`);
  await c.query(`CREATE DATABASE ${bench}`);
});
const stats = new pg.Client({ connectionString: DATABASE_URL });
await stats.connect();
const db = await openPostgres(dbUrl(ours), 4);
try {
  execFileSync('pgbench', ['-i', '-q', dbUrl(bench)], { stdio: 'ignore' });
  const statementsExtension = await stats.query(
    `SELECT current_setting('shared_preload_libraries') LIKE '%pg_stat_statements%' AS loaded`,
  );
  const results: {
    n: number;
    r: Awaited<ReturnType<typeof withServers>>;
    pgb: Awaited<ReturnType<typeof pgbench>>;
  }[] = [];
  for (const n of COUNTS) {
    // pgbench beside each count: the machine's speed drifts (a shared host) and shows in both sides.
    const pgb = await pgbench(bench, stats);
    const r = await withServers(n, ours, stats, db);
    results.push({ n, r, pgb });
    console.error(`  ${n} server(s): ${r.tps.toFixed(0)} confirms/s, pgbench ${pgb.tps.toFixed(0)} tps`);
  }
  const counted = await countedConfirms(dbUrl(ours));
  const one = results[0]!.r.tps;
  console.log(
    `\nConfirmed transfers through HAProxy with N app servers vs pgbench (default script, scale 1), ` +
      `${CLIENTS} clients, same PostgreSQL${BOUNCER ? ', through PgBouncer' : ''}, ${new Date().toISOString()}`,
  );
  console.log(
    '| app servers | confirms/s | vs 1 server | pgbench tps | ratio | p50 ms | p99 ms | pgbench p99 ms | PG CPU ms/confirm | servers CPU ms/confirm | HAProxy CPU ms/confirm | WAL B/confirm | DB transactions/confirm | rows written/confirm |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const { n, r, pgb } of results)
    console.log(
      `| ${n} | ${r.tps.toFixed(0)} | ${(r.tps / one).toFixed(2)} | ${pgb.tps.toFixed(0)} | ${(r.tps / pgb.tps).toFixed(2)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${pgb.p99.toFixed(1)} | ${r.pgCpuMs.toFixed(2)} | ${r.serverCpuMs.toFixed(2)} | ${r.balancerCpuMs.toFixed(2)} | ${r.wal.toFixed(0)} | ${r.xacts.toFixed(2)} | ${r.rows.toFixed(1)} |`,
    );
  const pgCpu = results.reduce((s, x) => s + x.r.pgCpuMs, 0) / results.length;
  const pgbCpu = results.reduce((s, x) => s + x.pgb.pgCpuMs, 0) / results.length;
  const pgbWal = results.reduce((s, x) => s + x.pgb.wal, 0) / results.length;
  console.log(
    `\nA confirm, counted in the client (an in-process app, 100 confirms): ${counted.statements.toFixed(2)} statements, ` +
      `${counted.roundTrips.toFixed(2)} round trips, ${counted.transactions.toFixed(2)} explicit transactions` +
      ` (pg_stat_statements ${statementsExtension.rows[0]!.loaded ? 'loaded' : 'not loaded: counted here instead'}).`,
  );
  console.log(
    `PostgreSQL's CPU: ${pgCpu.toFixed(2)} ms a confirm (pgbench: ${pgbCpu.toFixed(2)} ms a transaction, WAL ${pgbWal.toFixed(0)} B), ` +
      `so one PostgreSQL core carries about ${(1000 / pgCpu).toFixed(0)} confirms/s (pgbench ${(1000 / pgbCpu).toFixed(0)} tps).`,
  );
} finally {
  agent.destroy();
  await db.close();
  await stats.end();
  await admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${ours} WITH (FORCE)`);
    await c.query(`DROP DATABASE IF EXISTS ${bench} WITH (FORCE)`);
  });
}
