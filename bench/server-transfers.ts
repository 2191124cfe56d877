/**
 * Confirmed transfers per second over HTTP, against pgbench's default script on the same PostgreSQL,
 * in one run. Not a test: it prints ratios. Usage (PostgreSQL from DATABASE_URL, default the local one):
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/server-transfers.ts
 *
 * Options through the environment: BENCH_SECONDS (pgbench's duration a round, default 5), BENCH_TRANSFERS
 * (our confirms a round, default 3000), BENCH_ROUNDS (turns each per client count, default 3; the median
 * round's ratio is printed), BENCH_CLIENTS (client counts, default 4,16),
 * BENCH_PROFILE (a directory: the server child writes a V8 CPU profile of each count's timed confirms
 * there, confirm-<clients>.cpuprofile), BENCH_PERF (a directory: `perf record -a -g` of the same
 * stretch, perf-<clients>.data, for PostgreSQL's side; needs linux-perf), BENCH_KEEP (keep our scratch
 * database afterwards, to look at). The server runs in a child process so the load generator does not
 * share its event loop.
 * Each client follows its session's rotated token (src/shared/api/rotated-token.ts, the web app's rule):
 * a run longer than the rotation's 30 s no longer ends in 401 INVALID_TOKEN.
 * (Long: one bench whose parts, the server child, both loads and their CPU and WAL accounting, share its
 * options.)
 */
import { fork, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { postgresTicks, ticksOf, TICK_MS } from './proc-cpu';
import { follow, headersOf, postAsSeat, type Seat } from './seat-client';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
// pgbench and ours take turns, this many rounds each per client count: the machine's speed drifts
// (a shared host), and a drift then shows in both sides of a round's ratio, not between them.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 3000);
const CLIENT_COUNTS = (process.env.BENCH_CLIENTS ?? '4,16').split(',').map(Number);
const SELF = fileURLToPath(import.meta.url);

interface Ready {
  port: number;
  seats: Seat[];
}

const dbUrl = (name: string) => {
  const u = new URL(DATABASE_URL);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: DATABASE_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

// ---------------------------------------------------------------- the server (child process)
async function serve(url: string, seats: number): Promise<void> {
  const { openPostgres } = await import('../src/server/db/db');
  const { migrate } = await import('../src/server/db/migrate');
  const { buildApp } = await import('../src/server/app');
  const { createSession } = await import('../src/server/auth/sessions');
  // The pool and the request log as the server ships them (DATABASE_POOL_MAX, default 10; LOG_LEVEL,
  // default info: two lines a request, written to stdout, which the bench points at /dev/null).
  const config = (await import('../src/server/config')).configFromEnv([]);
  const { serverLogger } = await import('../src/server/log-destination');
  const db = await openPostgres(url, config.databasePoolMax);
  await migrate(db);
  const app = await buildApp({ db, logger: serverLogger(config) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const out: Seat[] = [];
  for (let i = 0; i < seats; i++) {
    const phone = `+62811${String(i).padStart(7, '0')}`;
    const c = await db.query<{ id: number }>(
      `INSERT INTO customers (cif, user_id, title, full_name) VALUES ($1, $2, 'Mr.', $3) RETURNING id`,
      [`BENCH${i}`, `bench${i}`, `Bench Customer ${i}`],
    );
    const customerId = c.rows[0]!.id;
    await db.query('INSERT INTO customer_phones (customer_id, phone) VALUES ($1, $2)', [customerId, phone]);
    const ids: string[] = [];
    for (const suffix of ['1', '2']) {
      const a = await db.query<{ id: number }>(
        `INSERT INTO accounts (account_no, customer_id, product, name, currency, balance)
         VALUES ($1, $2, 'savings', 'Tabungan', 'IDR', 100000000000) RETURNING id`,
        [`9${String(i).padStart(6, '0')}${suffix}`, customerId],
      );
      ids.push(String(a.rows[0]!.id));
    }
    const browserId = `bench-${i}`;
    const s = await createSession(db, { customerId, channel: 'web', browserId });
    out.push({
      token: s.token,
      browserId,
      phone,
      a: ids[0]!,
      b: ids[1]!,
    });
  }
  // Sessions idle out after 5 minutes; a bench run is shorter.
  process.send!({ port: typeof addr === 'object' && addr ? addr.port : 0, seats: out } satisfies Ready);
  // BENCH_PROFILE: the parent asks for a V8 CPU profile of the timed confirms only (not the preparation).
  const inspector = process.env.BENCH_PROFILE ? new (await import('node:inspector')).Session() : undefined;
  inspector?.connect();
  const send = (method: string) =>
    new Promise<unknown>((resolve, reject) =>
      inspector!.post(method, (err, result) => (err ? reject(err) : resolve(result))),
    );
  process.on('message', (m) => {
    if (m === 'stop')
      void app
        .close()
        .then(() => db.close())
        .then(() => process.exit(0));
    if (m === 'profile-start' && inspector)
      void send('Profiler.enable')
        .then(() => send('Profiler.start'))
        .then(() => process.send!('profiling'));
    if (typeof m === 'string' && m.startsWith('profile-stop:') && inspector)
      void send('Profiler.stop').then(async (r) => {
        const { writeFile } = await import('node:fs/promises');
        await writeFile(m.slice('profile-stop:'.length), JSON.stringify((r as { profile: unknown }).profile));
        process.send!('profiled');
      });
  });
}

/** Asks the server child for a CPU profile of what runs between start and stop (BENCH_PROFILE). */
async function profiled<T>(child: ChildProcess, label: string, run: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_PROFILE;
  if (!dir) return run();
  const reply = (word: string) =>
    new Promise<void>((resolve) => {
      const on = (m: unknown) => {
        if (m === word) {
          child.off('message', on);
          resolve();
        }
      };
      child.on('message', on);
    });
  const started = reply('profiling');
  child.send('profile-start');
  await started;
  const result = await run();
  const done = reply('profiled');
  child.send(`profile-stop:${dir}/confirm-${label}.cpuprofile`);
  await done;
  return result;
}

// ---------------------------------------------------------------- the load generator (parent)
// node:http on keep-alive sockets: the load generator shares the 2 cores with the server and PostgreSQL,
// and fetch (undici) costs several times more CPU a request; pgbench's own client is lean C. A new
// agent per client count: the server closes sockets left idle while pgbench runs.
let agent = new http.Agent({ keepAlive: true });

const post = (base: string, path: string, seat: Seat, body: unknown) =>
  postAsSeat(agent, base, path, seat, body);

/**
 * The timed confirms go over one keep-alive connection per client, as pgbench keeps one per client:
 * the request is written by hand and the response read by its Content-Length, so the load generator
 * spends little of the shared CPU (node:http costs it ~0.2 ms a request here).
 */
class Connection {
  private readonly socket: net.Socket;
  private buffer = Buffer.alloc(0);
  private pending?: {
    resolve: (r: { status: number; body: string; header: (name: string) => string | undefined }) => void;
    reject: (e: Error) => void;
  };

  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('error', (e) => this.pending?.reject(e));
    this.socket.on('close', () => this.pending?.reject(new Error('connection closed')));
  }

  post(path: string, headers: Record<string, string>, body: unknown) {
    const data = JSON.stringify(body);
    const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
    this.socket.write(
      `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n` +
        `content-length: ${Buffer.byteLength(data)}\r\n${lines.join('')}\r\n${data}`,
    );
    return new Promise<{ status: number; body: string; header: (name: string) => string | undefined }>(
      (resolve, reject) => {
        this.pending = { resolve, reject };
      },
    );
  }

  private read(chunk: Buffer) {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : Buffer.from(chunk);
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0) return;
    const head = this.buffer.subarray(0, end).toString('latin1');
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) return this.pending?.reject(new Error(`response without content-length: ${head}`));
    const total = end + 4 + Number(length[1]);
    if (this.buffer.length < total) return;
    const body = this.buffer.subarray(end + 4, total).toString('utf8');
    this.buffer = this.buffer.subarray(total);
    const p = this.pending!;
    this.pending = undefined;
    const header = (name: string) => new RegExp(`\r\n${name}: *([^\r]*)`, 'i').exec(head)?.[1];
    p.resolve({ status: Number(head.slice(9, 12)), body, header });
  }

  close() {
    this.socket.destroy();
  }
}

// ---------------------------------------------------------------- CPU accounting (Linux /proc)
// Where the 2 shared cores go, per transfer (bench/proc-cpu.ts).
interface CpuSample {
  server: number;
  postgres: number;
  client: number;
}
const cpuNow = (serverPid: number): CpuSample => ({
  server: ticksOf(serverPid),
  postgres: postgresTicks(),
  client: ticksOf('self', true),
});
/** CPU ms per transaction of each party between two samples. */
const cpuPer = (a: CpuSample, b: CpuSample, count: number) => ({
  server: ((b.server - a.server) * TICK_MS) / count,
  postgres: ((b.postgres - a.postgres) * TICK_MS) / count,
  client: ((b.client - a.client) * TICK_MS) / count,
});

/** The cluster's WAL insert position in bytes: WAL written per transaction, ours and pgbench's alike. */
async function walBytes(db: pg.Pool): Promise<number> {
  const { rows } = await db.query<{ b: string }>(
    "SELECT (pg_current_wal_insert_lsn() - '0/0'::pg_lsn)::int8::text AS b",
  );
  return Number(rows[0]!.b);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/** Inquiry + OTP for `count` transfers of one seat; returns what confirm needs. */
async function prepare(base: string, db: pg.Pool, seat: Seat, count: number) {
  const out: { inquiryId: string; otp: string; otpRequestId: string }[] = [];
  for (let i = 0; i < count; i++) {
    const [from, to] = i % 2 ? [seat.b, seat.a] : [seat.a, seat.b];
    const inq = await post(base, '/api/transaction/v1/inquiry', seat, {
      flowId: 'transfer.own',
      form: { sourceOfFund: from, beneficiaryAccount: to, amount: 100_000 },
    });
    const verification = (await post(base, '/api/transaction/v1/verification', seat, {
      inquiryId: inq.inquiryId,
      method: 'otp',
    })) as { otp: { requestId: string } };
    const { rows } = await db.query<{ text: string }>(
      'SELECT text FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1',
      [seat.phone],
    );
    out.push({
      inquiryId: String(inq.inquiryId),
      otp: /\b(\d{6})\b/.exec(rows[0]!.text)![1]!,
      otpRequestId: verification.otp.requestId,
    });
  }
  return out;
}

async function oursAt(base: string, db: pg.Pool, seats: Seat[], clients: number, server: ChildProcess) {
  const serverPid = server.pid!;
  const port = Number(new URL(base).port);
  agent.destroy();
  agent = new http.Agent({ keepAlive: true });
  const perClient = Math.ceil(TRANSFERS / clients);
  const t0 = Date.now();
  const work = await Promise.all(seats.slice(0, clients).map((s) => prepare(base, db, s, perClient)));
  const prepSeconds = (Date.now() - t0) / 1000;
  const latencies: number[] = [];
  // BENCH_TRACE=<dir>: every timed confirm as a line (client, start ms, latency ms), to see whether a
  // tail is spread out or bunched; the round's start in CLOCK_MONOTONIC lines it up with BENCH_PERF.
  const trace: string[] | undefined = process.env.BENCH_TRACE ? [] : undefined;
  let startMonotonicMs = 0;
  let cpu0 = cpuNow(serverPid);
  let wal0 = await walBytes(db);
  let start = performance.now();
  // BENCH_PERF=<dir>: a whole-machine `perf record` of the timed confirms (PostgreSQL's backends included).
  const perfProc = process.env.BENCH_PERF
    ? spawn(
        'perf',
        [
          'record',
          '-k',
          'CLOCK_MONOTONIC',
          '-a',
          '-g',
          '-e',
          'cpu-clock',
          '-F',
          '2000',
          '-o',
          `${process.env.BENCH_PERF}/perf-${clients}.data`,
        ],
        { stdio: 'ignore' },
      )
    : undefined;
  if (perfProc) await new Promise((r) => setTimeout(r, 500));
  await profiled(server, String(clients), async () => {
    wal0 = await walBytes(db);
    cpu0 = cpuNow(serverPid);
    start = performance.now();
    startMonotonicMs = Number(process.hrtime.bigint()) / 1e6;
    await Promise.all(
      work.map(async (items, c) => {
        const connection = new Connection(port);
        try {
          for (const [i, item] of items.entries()) {
            const t = performance.now();
            const seat = seats[c]!;
            const sent = seat.token;
            const r = await connection.post('/api/transaction/v1/confirm', headersOf(seat), {
              inquiryId: item.inquiryId,
              idempotencyKey: `bench-${clients}-${c}-${i}-${randomBytes(4).toString('hex')}`,
              otp: item.otp,
              otpRequestId: item.otpRequestId,
            });
            follow(seat, sent, r.header);
            if (r.status !== 200 || (JSON.parse(r.body) as { status?: string }).status !== 'success')
              throw new Error(`transfer not booked: ${r.status} ${r.body}`);
            latencies.push(performance.now() - t);
            trace?.push(`${c}\t${(t - start).toFixed(2)}\t${(performance.now() - t).toFixed(2)}`);
          }
        } finally {
          connection.close();
        }
      }),
    );
  });
  const seconds = (performance.now() - start) / 1000;
  if (perfProc) {
    perfProc.kill('SIGINT');
    await new Promise((r) => perfProc.once('exit', r));
  }
  const cpu = cpuPer(cpu0, cpuNow(serverPid), latencies.length);
  const wal = ((await walBytes(db)) - wal0) / latencies.length;
  if (trace)
    appendFileSync(
      `${process.env.BENCH_TRACE}/trace-${clients}.tsv`,
      [`# round start, CLOCK_MONOTONIC ms: ${startMonotonicMs.toFixed(3)}`, ...trace].join('\n') + '\n',
    );
  latencies.sort((a, b) => a - b);
  return {
    cpu,
    wal,
    tps: latencies.length / seconds,
    latencies,
    // inquiry + OTP (two calls and an SMS) per transfer, sequential per client
    prepPerSecond: (perClient * clients) / prepSeconds,
  };
}

async function pgbenchAt(url: string, clients: number, db: pg.Pool) {
  const wal0 = await walBytes(db);
  // -l logs every transaction's latency (one file per thread): pgbench's p99, beside ours.
  const logs = mkdtempSync(path.join(tmpdir(), 'pgbench-log-'));
  const cpu0 = cpuNow(process.pid);
  const out = execFileSync(
    'pgbench',
    [
      '-c',
      String(clients),
      '-j',
      String(Math.min(clients, 2)),
      '-T',
      String(SECONDS),
      '-l',
      `--log-prefix=${path.join(logs, 'pgbench')}`,
      url,
    ],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const m = /tps = ([\d.]+) \((?:without initial connection time|excluding connections establishing)\)/.exec(
    out,
  );
  if (!m) throw new Error(`cannot read pgbench output:\n${out}`);
  const transactions = Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1] ?? NaN);
  const { postgres, client } = cpuPer(cpu0, cpuNow(process.pid), transactions);
  // Each line: client, transaction, latency in microseconds, script, epoch seconds, microseconds.
  const latencies = readdirSync(logs).flatMap((f) =>
    readFileSync(path.join(logs, f), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => Number(line.split(' ')[2]) / 1000),
  );
  rmSync(logs, { recursive: true, force: true });
  const wal = ((await walBytes(db)) - wal0) / transactions;
  return { tps: Number(m[1]), cpu: { postgres, client }, wal, latencies };
}

async function main(): Promise<void> {
  const tag = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const ours = `bench_tx_${tag}`;
  const bench = `bench_pgb_${tag}`;
  await admin(`CREATE DATABASE ${ours}`);
  await admin(`CREATE DATABASE ${bench}`);
  let child: ChildProcess | undefined;
  const pool = new pg.Pool({ connectionString: dbUrl(ours), max: 4 });
  try {
    execFileSync('pgbench', ['-i', '-q', dbUrl(bench)], { stdio: 'ignore' });
    child = fork(SELF, ['--serve', dbUrl(ours), String(Math.max(...CLIENT_COUNTS))], {
      execArgv: ['--import', 'tsx'],
      // The server's log (stdout) goes to /dev/null; its errors still show.
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        BILLER_LATENCY_MS: '0',
        AUTH_RATE_LIMIT_PER_MIN: '100000',
      },
    });
    const ready = await new Promise<Ready>((resolve, reject) => {
      child!.once('message', (m) => resolve(m as Ready));
      child!.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const base = `http://127.0.0.1:${ready.port}`;
    // Warm-up: JIT, connection pools, plan caches.
    await oursAt(base, pool, ready.seats, 4, child);

    const rows: string[] = [];
    const cpuRows: string[] = [];
    console.log(
      `\nConfirmed transfers over HTTP vs pgbench (default script, scale 1), same PostgreSQL, ${new Date().toISOString()}`,
    );
    for (const clients of CLIENT_COUNTS) {
      const rounds = [];
      for (let k = 0; k < ROUNDS; k++) {
        const pgb = await pgbenchAt(dbUrl(bench), clients, pool);
        const r = await oursAt(base, pool, ready.seats, clients, child);
        rounds.push({ pgb, r, ratio: r.tps / pgb.tps });
      }
      // The median round's throughputs and ratio; latency percentiles over every round's confirms.
      const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)]!;
      const { pgb, r } = median;
      const latencies = rounds.flatMap((x) => x.r.latencies).sort((a, b) => a - b);
      const pgbLatencies = rounds.flatMap((x) => x.pgb.latencies).sort((a, b) => a - b);
      rows.push(
        `| ${String(clients).padStart(7)} | ${pgb.tps.toFixed(0).padStart(11)} | ${r.tps.toFixed(0).padStart(13)} | ${median.ratio.toFixed(2).padStart(5)} | ${rounds.map((x) => x.ratio.toFixed(2)).join(' ')} | ${percentile(latencies, 50).toFixed(1).padStart(7)} | ${percentile(latencies, 99).toFixed(1).padStart(7)} | ${percentile(pgbLatencies, 99).toFixed(1).padStart(15)} | ${r.prepPerSecond.toFixed(0).padStart(16)} |`,
      );
      const ms = (v: number) => v.toFixed(2).padStart(8);
      cpuRows.push(
        `| ${String(clients).padStart(7)} | ${ms(pgb.cpu.postgres)} | ${ms(pgb.cpu.client)} | ${ms(r.cpu.postgres)} | ${ms(r.cpu.server)} | ${ms(r.cpu.client)} | ${pgb.wal.toFixed(0).padStart(7)} | ${r.wal.toFixed(0).padStart(7)} |`,
      );
    }
    console.log(
      `| clients | pgbench tps | transfers/s | ratio (median of ${ROUNDS}) | every round | p50 ms | p99 ms | pgbench p99 ms | inquiry+OTP/s |`,
    );
    console.log(
      '|---------|-------------|---------------|-------|-------|--------|--------|-----------------|------------------|',
    );
    for (const r of rows) console.log(r);
    console.log(
      '\nCPU ms per transaction in the median round (user + system, from /proc; 2 cores = 2,000 ms a second in all),\n' +
        "and WAL bytes per transaction (the cluster's insert position before and after):",
    );
    console.log(
      '| clients | pgbench: postgres | pgbench client | ours: postgres | our server | load generator | pgbench WAL B | our WAL B |',
    );
    console.log('|---------|----------|----------|----------|----------|----------|---------|---------|');
    for (const r of cpuRows) console.log(r);
    console.log(
      `\n"transfers/s": POST /api/transaction/v1/confirm (OTP check, limit check, balanced posting) of verified\n` +
        `own-account transfers, each client one customer, ${TRANSFERS} per round; pgbench ${SECONDS} s per round;\n` +
        `latency per confirm, over every round (pgbench's per transaction, over its rounds, for comparison).\n` +
        `Targets: ratio >= 0.50; p99 < 25 ms at 16 clients.`,
    );
  } finally {
    // The server closes its own pool and exits before its database is dropped.
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.send('stop');
      const late = setTimeout(() => child!.kill(), 5000);
      await exited;
      clearTimeout(late);
    }
    agent.destroy();
    // pool.end() resolves once its connections are asked to close, not closed: one still open when the
    // database is dropped reports the drop, which is expected here.
    pool.on('error', () => undefined);
    await pool.end();
    if (!process.env.BENCH_KEEP) await admin(`DROP DATABASE IF EXISTS ${ours} WITH (FORCE)`);
    await admin(`DROP DATABASE IF EXISTS ${bench} WITH (FORCE)`);
  }
}

if (process.argv[2] === '--serve') await serve(process.argv[3]!, Number(process.argv[4]));
else await main();
