/**
 * The scheduler against single confirms, side by side on one PostgreSQL in one run (issue 18):
 * BENCH_INSTRUCTIONS (10,000) due scheduled transfers (half own-account, a quarter BI-FAST and a quarter
 * SKN through the simulated clearing house) drained by two "app servers" (two pools, each
 * running runDueInstructions in a loop), checked each posted exactly once; and BENCH_CONFIRMS (500)
 * confirms of verified transfers through the API (inquiry and OTP prepared outside the timing, two
 * clients back to back). Prints both rates and their ratio. Not part of npm test.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/scheduler.ts
 */
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { openPostgres, type Db } from '../src/server/db/db';
import { migrate } from '../src/server/db/migrate';
import { buildApp } from '../src/server/app';
import { loadCatalog } from '../src/server/transactions/catalog';
import { runDueInstructions } from '../src/server/schedules/scheduler';
import { ledgerRunner } from '../src/server/schedules/runner';
import { serverRegistry } from '../src/server/domains';
import { noNotifier } from '../src/server/schedules/notifier';
import { customerWithSession } from '../tests/kit/sessions';
import { insertAccount } from '../tests/kit/accounts';
import { post } from '../tests/kit/requests';
import { quoteAndSendOtp } from '../tests/kit/transact';

process.env.ARGON2_FAST = '1';
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const N = Number(process.env.BENCH_INSTRUCTIONS ?? 10_000);
const M = Number(process.env.BENCH_CONFIRMS ?? 500);
// Off-bank transfers queue for a batch long enough to stay "in progress" during the run.
process.env.CLEARING_SKN_BATCH_MS ??= String(3_600_000);
const CUSTOMERS = 100;

async function scratch(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_sched_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url!);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

const s = await scratch();
const first = await openPostgres(s.url, 10);
const second = await openPostgres(s.url, 10);
try {
  await migrate(first);
  const catalog = loadCatalog();

  // Customers with two accounts each; N own-account instructions spread over them, all due.
  const owners: { customerId: number; from: number; to: number }[] = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const c = await customerWithSession(first);
    const from = await insertAccount(first, c.customerId, { balance: 1_000_000_000_00 });
    const to = await insertAccount(first, c.customerId, { balance: 0 });
    owners.push({ customerId: c.customerId, from: from.id, to: to.id });
  }
  // Every fourth a BI-FAST transfer (the clearing house answers at once) and every fourth an SKN one
  // (held for its batch: posted "in progress"), the rest own-account: off-bank transfers in the mix.
  await first.query(
    `INSERT INTO scheduled_transfers (customer_id, flow_id, form, amount, currency, kind, start_date, next_run_date, next_run_at)
     SELECT o.customer_id,
            CASE g % 4 WHEN 1 THEN 'transfer.bifast' WHEN 2 THEN 'transfer.skn' ELSE 'transfer.own' END,
            CASE g % 4
              WHEN 1 THEN jsonb_build_object('sourceOfFund', o.src::text, 'bankCode', '014',
                            'beneficiaryAccountNo', '1234567890', 'purpose', 'family', 'amount', 1000000)
              WHEN 2 THEN jsonb_build_object('sourceOfFund', o.src::text, 'bankCode', '014',
                            'beneficiaryAccountNo', '1234567890', 'beneficiaryName', 'Siti Rahayu',
                            'beneficiaryAddress', 'Jl. Sudirman 1', 'province', 'DKI Jakarta', 'city', 'Jakarta Selatan',
                            'citizenship', 'indonesian', 'beneficiaryType', 'individual', 'purpose', 'family', 'amount', 1000000)
              ELSE jsonb_build_object('sourceOfFund', o.src::text, 'beneficiaryAccount', o.dst::text, 'amount', 1000000)
            END,
            1000000, 'IDR', 'once', current_date + 1, current_date + 1, now() - interval '1 second'
       FROM generate_series(1, $1) g
       JOIN (SELECT row_number() OVER () - 1 AS k, * FROM unnest($2::bigint[], $3::bigint[], $4::bigint[]) AS t(customer_id, src, dst)) o
         ON o.k = g % $5`,
    [N, owners.map((o) => o.customerId), owners.map((o) => o.from), owners.map((o) => o.to), CUSTOMERS],
  );

  const drain = async (db: Db) => {
    let done = 0;
    for (;;) {
      const r = await runDueInstructions(
        db,
        { runner: ledgerRunner(db, catalog, serverRegistry()), notify: noNotifier },
        { limit: 50 },
      );
      const n = r.success + r.pending + r.failed + r.lost + r.errors;
      // Posted: settled at once, or held for the clearing house's batch (SKN).
      done += r.success + r.pending;
      if (n === 0) return done;
    }
  };
  const t0 = performance.now();
  const [a, b] = await Promise.all([drain(first), drain(second)]);
  const schedSeconds = (performance.now() - t0) / 1000;
  const { rows } = await first.query<{ n: number; keys: number }>(
    `SELECT count(*)::int AS n, count(DISTINCT idempotency_key)::int AS keys FROM journal WHERE idempotency_key LIKE 'sched-%'`,
  );
  if (rows[0]!.n !== N || rows[0]!.keys !== N || a + b !== N)
    throw new Error(`not exactly once: ${rows[0]!.n} journals, ${rows[0]!.keys} keys, ${a}+${b} reported`);
  const schedRate = N / schedSeconds;

  // Single confirms through the API, prepared outside the timing.
  const app = await buildApp({ db: first, settlementIntervalMs: 0, schedulerIntervalMs: 0 });
  const clients = await Promise.all([0, 1].map(() => customerWithSession(first)));
  const prepared: { who: (typeof clients)[number]; body: Record<string, string> }[][] = [[], []];
  for (const [i, who] of clients.entries()) {
    const from = await insertAccount(first, who.customerId, { balance: 1_000_000_000_00 });
    const to = await insertAccount(first, who.customerId, { balance: 0 });
    for (let k = 0; k < M / 2; k++) {
      const q = await quoteAndSendOtp(app, first, who, 'transfer.own', {
        sourceOfFund: String(from.id),
        beneficiaryAccount: String(to.id),
        amount: 1_000_000,
      });
      prepared[i]!.push({ who, body: { ...q.confirm!, idempotencyKey: `bench-${i}-${k}-${Date.now()}` } });
    }
  }
  const t1 = performance.now();
  await Promise.all(
    prepared.map(async (list) => {
      for (const p of list) {
        const r = await post(app, '/api/transaction/v1/confirm', p.who.headers, p.body);
        if (r.status !== 200) throw new Error(`confirm ${r.status}`);
      }
    }),
  );
  const confirmRate = M / ((performance.now() - t1) / 1000);
  await app.close();

  console.log(
    `scheduler: ${N} instructions across two app servers, each exactly once, ${schedRate.toFixed(0)} /s (${a} + ${b})`,
  );
  console.log(`confirms:  ${M} through the API, two clients, ${confirmRate.toFixed(0)} /s`);
  console.log(`ratio scheduler/confirm: ${(schedRate / confirmRate).toFixed(2)}`);
} finally {
  await second.close();
  await first.close();
  await s.drop();
}
