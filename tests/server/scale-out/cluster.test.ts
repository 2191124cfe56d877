import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { openPostgres, type Db } from '../../../src/server/db/db';
import { startCluster, type Cluster } from '../../../scripts/cluster/cluster';
import { findProgram } from '../../../scripts/cluster/processes';
import {
  customerWithSession,
  insertAccount,
  latestCode,
  makeCustomer,
  sessionHeaders,
  unbalancedJournals,
  type Customer,
} from '../../kit';
import { call, halfSent, missingForCluster, openStream, scratchDatabase } from './cluster-kit';

// Issue 43: two app servers (src/server/main.ts, each a process) on one PostgreSQL, reached through
// PgBouncer in transaction pooling (LISTEN directly), behind HAProxy balancing every request round
// robin with no stickiness; every protection and live update holds whichever server answers.

process.env.ARGON2_FAST = '1';
const missing = missingForCluster();
if (missing) console.warn(`[scale-out] cluster tests skipped: ${missing}`);
const withBouncer = !!findProgram('pgbouncer');
if (!missing && !withBouncer)
  console.warn('[scale-out] PgBouncer is not installed: the app servers reach PostgreSQL directly');

const MIGRATIONS = path.resolve(import.meta.dirname, '../../../src/server/db/migrations');
let ipSeq = 0;
/** A client address of its own per case (HAProxy appends it to X-Forwarded-For; TRUST_PROXY reads it). */
const freshAddress = () => `198.51.100.${++ipSeq}`;
const newKey = () => `key-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;

describe.skipIf(!!missing)('several app servers behind a load balancer', () => {
  let cluster: Cluster;
  let db: Db;
  let drop: () => Promise<void>;
  let lb: string;
  const direct = (i: number) => cluster.servers[i]!.url;

  beforeAll(async () => {
    const scratch = await scratchDatabase('scale');
    drop = scratch.drop;
    try {
      // Both start at once on an empty database: the migrations run once between them.
      cluster = await startCluster({
        servers: 2,
        databaseUrl: scratch.url,
        pgbouncer: withBouncer,
        // SCALE_OUT_LOGS=<folder>: the servers', HAProxy's and PgBouncer's logs and configuration kept there.
        dir: process.env.SCALE_OUT_LOGS,
        env: {
          ARGON2_FAST: '1',
          ALERT_INTERVAL_MS: '0',
          // Only NOTIFY can bring an approval's change to a stream opened on the other server in time.
          APPROVAL_REREAD_MS: '60000',
          DATABASE_POOL_MAX: '6',
          DRAIN_TIMEOUT_MS: '10000',
        },
      });
      lb = cluster.url;
      db = await openPostgres(scratch.url, 4);
    } catch (err) {
      await drop();
      throw err;
    }
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop();
    await db?.close();
    await drop?.();
  }, 60_000);

  /** A signed-in customer with two savings accounts of this balance. */
  async function payer(balance = 100_000_000) {
    const who = await customerWithSession(db);
    const a = await insertAccount(db, who.customerId, { balance });
    const b = await insertAccount(db, who.customerId, { balance });
    return { who, a: a.id, b: b.id };
  }

  /** Inquiry and OTP through the balancer; what the confirm sends. */
  async function verified(who: Customer, from: number, to: number, amount = 100_000) {
    const inquiry = await call(lb, '/api/transaction/v1/inquiry', who.headers, {
      flowId: 'transfer.own',
      form: { sourceOfFund: String(from), beneficiaryAccount: String(to), amount },
    });
    expect(inquiry.status, JSON.stringify(inquiry.body)).toBe(200);
    const ver = await call(lb, '/api/transaction/v1/verification', who.headers, {
      inquiryId: inquiry.body.inquiryId,
      method: 'otp',
    });
    expect(ver.status).toBe(200);
    return {
      inquiryId: String(inquiry.body.inquiryId),
      otpRequestId: String(ver.body.otp.requestId),
      otp: await latestCode(db, who.phone),
      idempotencyKey: newKey(),
    };
  }

  const totalBalance = async () =>
    Number(
      (await db.query<{ s: string }>(`SELECT sum(balance)::text AS s FROM accounts WHERE currency = 'IDR'`))
        .rows[0]!.s,
    );

  it('migrated the database once between the two servers, and balances round robin', async () => {
    const files = readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql'));
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
    expect(rows[0]!.n).toBe(files.length);
    const served = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const r = await fetch(`${lb}/readyz`);
      expect(r.status).toBe(200);
      served.add(r.headers.get('x-served-by') ?? '');
    }
    expect([...served].sort()).toEqual(['app1', 'app2']);
    const alive = await fetch(`${direct(0)}/healthz`);
    expect([alive.status, await alive.text()]).toEqual([200, 'alive\n']);
  });

  it('locks the user id after 5 wrong passwords spread over both servers, as 5 on one do', async () => {
    await makeCustomer(db, { userId: 'spreadlock1', password: 'Right@2026' });
    const headers = { 'x-browser-id': 'stranger-browser', 'x-forwarded-for': freshAddress() };
    const served: string[] = [];
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await call(lb, '/api/v1/login', headers, { userId: 'spreadlock1', password: 'Wrong@2026' });
      codes.push(r.body.apierror?.errorCode);
      served.push(r.servedBy);
    }
    // The fifth wrong one locks the id, whichever server counted the four before it.
    expect(codes).toEqual(['LOGIN_FAILED', 'LOGIN_FAILED', 'LOGIN_FAILED', 'LOGIN_FAILED', 'LOGIN_LOCKED']);
    expect(new Set(served).size).toBe(2);
    for (const base of [direct(0), direct(1)]) {
      const right = await call(base, '/api/v1/login', headers, {
        userId: 'spreadlock1',
        password: 'Right@2026',
      });
      expect(right.body.apierror?.errorCode).toBe('LOGIN_LOCKED');
    }
  });

  it('counts the per-address login limit once between the servers', async () => {
    const headers = { 'x-forwarded-for': freshAddress() };
    const served = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const r = await call(lb, '/api/v1/login/secureword', headers, { userId: `someone${i}` });
      expect(r.status).toBe(200);
      served.add(r.servedBy);
    }
    expect(served.size).toBe(2);
    for (let i = 0; i < 2; i++) {
      const r = await call(lb, '/api/v1/login/secureword', headers, { userId: 'someone' });
      expect([r.status, r.body.apierror?.errorCode]).toEqual([429, 'RATE_LIMITED']);
    }
  });

  it('keeps a phone frozen by wrong codes on one server frozen on the other', async () => {
    const phone = '+6281277000001';
    // Two phones: the third wrong code freezes this one (with one phone, it would be all of them).
    await makeCustomer(db, {
      userId: 'frozenfds1',
      password: 'Fds@20261',
      loginChallenge: 'fds',
      phones: [phone, '+6281277000002'],
    });
    const headers = { 'x-browser-id': 'fds-browser', 'x-forwarded-for': freshAddress() };
    const login = await call(direct(0), '/api/v1/login', headers, {
      userId: 'frozenfds1',
      password: 'Fds@20261',
    });
    expect(login.body.status).toBe('challenge');
    const challengeId = login.body.challenge.challengeId as string;
    const right = await latestCode(db, phone);
    const wrong = right === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push(
        (await call(direct(i % 2), '/api/v1/login/challenge', headers, { challengeId, otp: wrong })).body,
      );
    expect(answers.map((b) => b.apierror?.errorCode)).toEqual(['OTP_05', 'OTP_05', 'OTP_FROZEN']);
    // The right code, on either server, is refused while the phone is frozen.
    for (const i of [1, 0]) {
      const r = await call(direct(i), '/api/v1/login/challenge', headers, { challengeId, otp: right });
      expect([r.status, r.body.apierror?.errorCode]).toEqual([423, 'OTP_FROZEN']);
    }
  });

  it('ends a session logged out on one server on the other too', async () => {
    await makeCustomer(db, { userId: 'logoutboth', password: 'Out@20261' });
    const headers: Record<string, string> = {
      'x-browser-id': 'out-browser',
      'x-forwarded-for': freshAddress(),
    };
    const login = await call(direct(0), '/api/v1/login', headers, {
      userId: 'logoutboth',
      password: 'Out@20261',
    });
    expect(login.body.status).toBe('ok');
    headers.authorization = `Bearer ${login.token}`;
    for (const i of [0, 1]) expect((await call(direct(i), '/api/v1/session/me', headers)).status).toBe(200);
    expect((await call(direct(1), '/api/v1/login/logout', headers)).status).toBe(200);
    for (const i of [0, 1]) {
      const r = await call(direct(i), '/api/v1/session/me', { ...headers });
      expect([r.status, r.body.apierror?.errorCode]).toEqual([401, 'INVALID_TOKEN']);
    }
  });

  it('accepts a rotated token and the one it replaced (within the grace) on both servers', async () => {
    const who = await customerWithSession(db);
    const old = who.headers.authorization!;
    // The token is 31 s old: the next POST rotates it.
    await db.query(
      `UPDATE sessions SET token_issued_at = now() - interval '31 seconds' WHERE customer_id = $1`,
      [who.customerId],
    );
    const rotating = await call(direct(0), '/api/v1/session/me', who.headers);
    expect(rotating.status).toBe(200);
    expect(who.headers.authorization).not.toBe(old);
    for (const i of [1, 0]) {
      expect((await call(direct(i), '/api/v1/session/me', { ...who.headers })).status).toBe(200);
      expect(
        (await call(direct(i), '/api/v1/session/me', { ...who.headers, authorization: old })).status,
      ).toBe(200);
    }
    // Past the grace, the old one is refused by both while the new one goes on.
    await db.query(
      `UPDATE sessions SET previous_valid_until = now() - interval '1 second' WHERE customer_id = $1`,
      [who.customerId],
    );
    for (const i of [1, 0]) {
      const stale = await call(direct(i), '/api/v1/session/me', { ...who.headers, authorization: old });
      expect(stale.status).toBe(401);
      expect((await call(direct(i), '/api/v1/session/me', { ...who.headers })).status).toBe(200);
    }
  });

  it("brings an approval decided on one server to the web's stream open on the other at once", async () => {
    const { who, a, b } = await payer();
    const device = await sessionHeaders(db, who.customerId, 'mobile');
    const inquiry = await call(direct(0), '/api/transaction/v1/inquiry', who.headers, {
      flowId: 'transfer.own',
      form: { sourceOfFund: String(a), beneficiaryAccount: String(b), amount: 50_000 },
    });
    const ver = await call(direct(0), '/api/transaction/v1/verification', who.headers, {
      inquiryId: inquiry.body.inquiryId,
      method: 'approval',
    });
    expect(ver.status, JSON.stringify(ver.body)).toBe(200);
    const stream = await openStream(
      `${direct(0)}/api/transaction/v1/verification/events?inquiryId=${encodeURIComponent(inquiry.body.inquiryId)}`,
      who.headers,
    );
    try {
      expect(JSON.parse((await stream.next('status'))!.data).status).toBe('waiting');
      const decided = await call(direct(1), '/api/mobile/v1/approvals/decide', device, {
        approvalId: ver.body.approvalId,
        decision: 'approve',
        matchNumber: ver.body.matchNumber,
      });
      expect(decided.status, JSON.stringify(decided.body)).toBe(200);
      const at = Date.now();
      const approved = await stream.next('status', 5_000);
      expect(JSON.parse(approved!.data).status).toBe('approved');
      // NOTIFY, not the stream's own re-read (60 s here).
      expect(approved!.at - at).toBeLessThan(2_000);
    } finally {
      await stream.close();
    }
  });

  it("keeps the ledger's invariant through 200 concurrent transfers split over both servers", async () => {
    const payers = await Promise.all(Array.from({ length: 20 }, () => payer()));
    const before = await totalBalance();
    const work = await Promise.all(
      payers.map(async (p) => {
        const out = [];
        for (let i = 0; i < 10; i++) out.push(await verified(p.who, i % 2 ? p.b : p.a, i % 2 ? p.a : p.b));
        return out.map((body) => ({ who: p.who, body }));
      }),
    );
    const answers = await Promise.all(
      work.flat().map(({ who, body }) => call(lb, '/api/transaction/v1/confirm', { ...who.headers }, body)),
    );
    expect(answers.filter((r) => r.status === 200 && r.body.status === 'success')).toHaveLength(200);
    expect(new Set(answers.map((r) => r.servedBy))).toEqual(new Set(['app1', 'app2']));
    expect(await unbalancedJournals(db)).toBe(0);
    expect(await totalBalance()).toBe(before);
    const ids = payers.map((p) => p.who.customerId);
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM journal WHERE customer_id = ANY($1) AND status = 'success'`,
      [ids],
    );
    expect(rows[0]!.n).toBe(200);
  });

  it('loses no acknowledged transfer when one server is killed mid-load, and routes around it', async () => {
    const payers = await Promise.all(Array.from({ length: 6 }, () => payer()));
    const before = await totalBalance();
    const work = await Promise.all(
      payers.map(async (p) => {
        const out = [];
        for (let i = 0; i < 10; i++) out.push(await verified(p.who, i % 2 ? p.b : p.a, i % 2 ? p.a : p.b));
        return { who: p.who, out };
      }),
    );
    const acknowledged: string[] = [];
    const refusedOnce: string[] = [];
    let killed = false;
    await Promise.all(
      work.map(async ({ who, out }) => {
        for (const body of out) {
          // A confirm that got no answer is sent again with the same key, as the web's retry does.
          for (let attempt = 0; ; attempt++) {
            const r = await call(lb, '/api/transaction/v1/confirm', who.headers, body).catch(() => null);
            if (r?.status === 200 && r.body.status === 'success') {
              acknowledged.push(body.idempotencyKey);
              break;
            }
            refusedOnce.push(body.idempotencyKey);
            if (attempt > 20) throw new Error(`confirm never answered: ${JSON.stringify(r?.body)}`);
            await new Promise((res) => setTimeout(res, 100));
          }
          if (!killed && acknowledged.length >= 15) {
            killed = true;
            cluster.servers[1]!.child.process.kill('SIGKILL');
          }
        }
      }),
    );
    expect(killed).toBe(true);
    expect(await cluster.servers[1]!.child.exited).toBe('SIGKILL');
    expect(acknowledged).toHaveLength(60);
    // Each acknowledged confirm booked once (its key once in the journal), nothing else booked.
    const { rows } = await db.query<{ keys: number; n: number }>(
      `SELECT count(DISTINCT idempotency_key)::int AS keys, count(*)::int AS n FROM journal
        WHERE customer_id = ANY($1)`,
      [payers.map((p) => p.who.customerId)],
    );
    expect(rows[0]).toEqual({ keys: 60, n: 60 });
    expect(await unbalancedJournals(db)).toBe(0);
    expect(await totalBalance()).toBe(before);
    // The balancer has taken the dead server out: every call answered, by the one left.
    for (let i = 0; i < 4; i++) {
      const r = await call(
        lb,
        '/api/v1/login/secureword',
        { 'x-forwarded-for': freshAddress() },
        { userId: 'someone' },
      );
      expect([r.status, r.servedBy]).toEqual([200, 'app1']);
    }
  });

  it('drains on SIGTERM: confirms in flight finish, streams are told to reconnect, then it exits', async () => {
    const server = cluster.servers[0]!;
    const { who, a, b } = await payer();
    const confirms = [await verified(who, a, b), await verified(who, b, a), await verified(who, a, b)];
    // A stream open on the server (a waiting approval's), and three confirms it has received, not finished.
    // An enrolled companion app, which an approval needs.
    await sessionHeaders(db, who.customerId, 'mobile');
    const waiting = await call(server.url, '/api/transaction/v1/inquiry', who.headers, {
      flowId: 'transfer.own',
      form: { sourceOfFund: String(a), beneficiaryAccount: String(b), amount: 10_000 },
    });
    await call(server.url, '/api/transaction/v1/verification', who.headers, {
      inquiryId: waiting.body.inquiryId,
      method: 'approval',
    });
    const stream = await openStream(
      `${server.url}/api/transaction/v1/verification/events?inquiryId=${encodeURIComponent(waiting.body.inquiryId)}`,
      who.headers,
    );
    await stream.next('status');
    const inFlight = await Promise.all(
      confirms.map((body) => halfSent(server.port, '/api/transaction/v1/confirm', { ...who.headers }, body)),
    );
    await new Promise((r) => setTimeout(r, 200));
    server.child.process.kill('SIGTERM');
    const reconnect = await stream.next('reconnect', 5_000);
    expect(reconnect).not.toBeNull();
    expect(stream.events.some((e) => e.event === 'reconnect')).toBe(true);
    // Not ready any more, and no new connection taken.
    await new Promise((r) => setTimeout(r, 100));
    expect(
      await fetch(`${server.url}/readyz`)
        .then((r) => r.status)
        .catch(() => 'refused'),
    ).not.toBe(200);
    const answers = await Promise.all(inFlight.map((f) => f.finish()));
    for (const r of answers) {
      expect(r.status).toBe(200);
      expect(JSON.parse(r.body).status).toBe('success');
    }
    expect(await server.child.exited).toBe(0);
    await stream.close();
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM journal WHERE idempotency_key = ANY($1)`,
      [confirms.map((c) => c.idempotencyKey)],
    );
    expect(rows[0]!.n).toBe(3);
  });
});
