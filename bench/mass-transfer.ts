/**
 * A 1,000-row mass transfer from upload to all results, against 1,000 single transfers through the API
 * back to back, side by side on one PostgreSQL in one run (issue 18). Prints the times and the ratios:
 *
 * - batch: the sheet uploaded (every row checked and quoted through its flow), one OTP sent, the batch
 *   confirmed with the code (every row posted on its own), all results answered;
 * - singles: for each transfer its inquiry, its OTP and its confirm (what a customer does for one);
 * - confirms only: the same number of bare confirms, their inquiry and OTP prepared outside the timing.
 *
 * Not part of npm test.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:mass
 *
 * BENCH_ROWS (1000) sets the size. Without DATABASE_URL it runs on PGlite (one session: slower on both sides).
 */
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { openPglite, openPostgres, type Db } from '../src/server/db/db';
import { migrate } from '../src/server/db/migrate';
import { buildApp } from '../src/server/app';
import { latestCode } from '../tests/kit/sms';
import { customerWithSession } from '../tests/kit/sessions';
import { insertAccount } from '../tests/kit/accounts';
import { post } from '../tests/kit/requests';
import { quoteAndSendOtp } from '../tests/kit/transact';
import { multipartBody } from '../tests/kit/multipart';

process.env.ARGON2_FAST = '1';
const url = process.env.DATABASE_URL;
const N = Number(process.env.BENCH_ROWS ?? 1000);

async function scratch(): Promise<{ db: Db; drop(): Promise<void> }> {
  if (!url) {
    const db = await openPglite();
    return { db, drop: async () => undefined };
  }
  const name = `bench_mass_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const db = await openPostgres(u.toString(), 10);
  return {
    db,
    drop: async () => {
      await db.close();
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

const seconds = (t0: number) => (performance.now() - t0) / 1000;

const s = await scratch();
const db = s.db;
try {
  await migrate(db);
  const app = await buildApp({ db, settlementIntervalMs: 0, schedulerIntervalMs: 0, alertIntervalMs: 0 });
  // What Fastify defers to its first request (plugins' onReady) is not the batch's time.
  await app.ready();
  // Beneficiaries: other customers' savings accounts of the bank (same-bank transfers), as a payroll.
  const payee = await customerWithSession(db);
  const payees: string[] = [];
  for (let i = 0; i < N; i++)
    payees.push((await insertAccount(db, payee.customerId, { balance: 0 })).accountNo);
  const limit = async (customerId: number) =>
    db.query(
      `INSERT INTO transaction_limits (customer_id, category, min_amount, max_per_transaction, daily_limit)
       VALUES ($1, 'transfer', 100, 100000000000, 100000000000000)`,
      [customerId],
    );

  // The batch.
  const payer = await customerWithSession(db);
  await limit(payer.customerId);
  const source = await insertAccount(db, payer.customerId, { balance: 1_000_000_000_00 });
  const sheet = [
    'account_no,bank_code,method,beneficiary_name,amount,purpose,message',
    ...payees.map((a, i) => `${a},,,,${10_000 + i},family,Gaji`),
  ].join('\n');
  const t0 = performance.now();
  const body = multipartBody(
    { sourceOfFund: String(source.id) },
    { name: 'payroll.csv', type: 'text/csv', bytes: Buffer.from(sheet) },
  );
  const up = await app.inject({
    method: 'POST',
    url: '/api/masstransfer/v1/upload',
    headers: { ...payer.headers, ...body.headers },
    payload: body.payload,
  });
  const uploaded = up.json() as { batchId: string; valid: number };
  if (up.statusCode !== 200 || uploaded.valid !== N)
    throw new Error(`upload ${up.statusCode} ${up.body.slice(0, 300)}`);
  const tUpload = seconds(t0);
  const ver = await post(app, '/api/batch/v1/verification', payer.headers, {
    batchId: uploaded.batchId,
    method: 'otp',
  });
  if (ver.status !== 200) throw new Error(`verification ${ver.status} ${JSON.stringify(ver.body)}`);
  const tVerify = seconds(t0);
  const done = await post(app, '/api/batch/v1/confirm', payer.headers, {
    batchId: uploaded.batchId,
    otp: await latestCode(db, payer.phone),
  });
  const rows = done.body.rows as { status: string }[];
  if (done.status !== 200 || rows.filter((r) => r.status === 'success').length !== N)
    throw new Error(`confirm ${done.status}`);
  const batchSeconds = seconds(t0);

  // Single transfers, each inquiry -> OTP -> confirm, back to back.
  const single = await customerWithSession(db);
  await limit(single.customerId);
  const from = await insertAccount(db, single.customerId, { balance: 1_000_000_000_00 });
  const form = (i: number) => ({
    sourceOfFund: String(from.id),
    beneficiaryAccountNo: payees[i]!,
    purpose: 'family',
    amount: 10_000 + i,
    message: 'Gaji',
  });
  const t1 = performance.now();
  for (let i = 0; i < N; i++) {
    const q = await quoteAndSendOtp(app, db, single, 'transfer.samebank', form(i));
    if (!q.confirm) throw new Error(`single ${i}: ${JSON.stringify(q.failed?.body)}`);
    const r = await post(app, '/api/transaction/v1/confirm', single.headers, {
      ...q.confirm,
      idempotencyKey: `bench-single-${i}`,
    });
    if (r.status !== 200) throw new Error(`single confirm ${r.status}`);
  }
  const singleSeconds = seconds(t1);

  // Bare confirms: inquiry and OTP prepared first, only the confirms timed.
  const bare = await customerWithSession(db);
  await limit(bare.customerId);
  const bareFrom = await insertAccount(db, bare.customerId, { balance: 1_000_000_000_00 });
  const prepared: Record<string, string>[] = [];
  for (let i = 0; i < N; i++) {
    const q = await quoteAndSendOtp(app, db, bare, 'transfer.samebank', {
      ...form(i),
      sourceOfFund: String(bareFrom.id),
    });
    if (!q.confirm) throw new Error(`prepare ${i}`);
    prepared.push({ ...q.confirm, idempotencyKey: `bench-bare-${i}` });
  }
  const t2 = performance.now();
  for (const p of prepared) {
    const r = await post(app, '/api/transaction/v1/confirm', bare.headers, p);
    if (r.status !== 200) throw new Error(`bare confirm ${r.status} ${JSON.stringify(r.body)}`);
  }
  const confirmSeconds = seconds(t2);
  await app.close();

  const engine = url ? 'PostgreSQL' : 'PGlite';
  console.log(
    `mass transfer, ${N} rows on ${engine}: ${batchSeconds.toFixed(2)} s upload to all results (upload and checks ${tUpload.toFixed(2)} s, verification sent at ${tVerify.toFixed(2)} s)`,
  );
  console.log(
    `single transfers, ${N} back to back (inquiry, OTP, confirm each): ${singleSeconds.toFixed(2)} s`,
  );
  console.log(`bare confirms, ${N} back to back (inquiry and OTP prepared): ${confirmSeconds.toFixed(2)} s`);
  console.log(`ratio batch/single transfers: ${(batchSeconds / singleSeconds).toFixed(2)} (target <= 0.2)`);
  console.log(`ratio batch/bare confirms: ${(batchSeconds / confirmSeconds).toFixed(2)}`);
} finally {
  await s.drop();
}
