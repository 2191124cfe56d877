import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/db';
import {
  bothEngines,
  type Customer,
  customerWithSession,
  insertAccount,
  unbalancedJournals,
  useTestApp,
} from '../../kit';

const rp = (n: number) => n * 100;

/** A tiny seeded PRNG, so a failure can be replayed. */
function prng(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

interface Acc {
  id: number;
  accountNo: string;
  owner: Customer;
  floor: number;
}

describe.each(bothEngines)('hundreds of concurrent transfers over HTTP on $name', (engine) => {
  const { name } = engine;
  // PGlite is one session (everything queues), so it gets fewer; PostgreSQL takes them truly in parallel.
  const TRANSFERS = name === 'pglite' ? 200 : 300;
  let db: Db;
  let base: string;
  const accounts: Acc[] = [];
  const customers: Customer[] = [];

  const t = useTestApp({ engine, listen: true });
  beforeAll(async () => {
    db = t.db;
    base = t.baseUrl;
    for (let c = 0; c < 4; c++) {
      const who = await customerWithSession(db);
      customers.push(who);
      for (let a = 0; a < 2; a++) {
        // One account per customer may be overdrawn down to -Rp 300.000 (its floor).
        const floor = a === 1 ? -rp(300_000) : 0;
        const acc = await insertAccount(db, who.customerId, { balance: rp(600_000), floor });
        accounts.push({ ...acc, owner: who, floor });
      }
    }
  });

  const call = async (url: string, headers: Record<string, string>, body: unknown) => {
    const res = await fetch(base + url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const totalBalance = async () =>
    (await db.query<{ s: number }>('SELECT sum(balance)::int8 AS s FROM accounts')).rows[0]!.s;

  // Generous timeout: under a heavily loaded machine PGlite alone took ~50 s for 300 transfers.
  it(
    'keeps the sum of balances, respects every floor and executes each idempotency key once',
    { timeout: 180_000 },
    async () => {
      const ids = accounts.map((a) => a.id);
      const sumBefore = await totalBalance();
      const random = prng(20_261_122);

      // 1. Inquiries, all at once.
      const plans = Array.from({ length: TRANSFERS }, (_, i) => {
        const from = accounts[Math.floor(random() * accounts.length)]!;
        let to = accounts[Math.floor(random() * accounts.length)]!;
        if (to.id === from.id) to = accounts[(accounts.indexOf(from) + 1) % accounts.length]!;
        const own = to.owner === from.owner;
        const amount = rp(10_000 + Math.floor(random() * 39) * 10_000);
        return {
          i,
          from,
          flowId: own ? 'transfer.own' : 'transfer.samebank',
          form: own
            ? { sourceOfFund: String(from.id), beneficiaryAccount: String(to.id), amount }
            : {
                sourceOfFund: String(from.id),
                beneficiaryAccountNo: to.accountNo,
                purpose: 'family',
                amount,
              },
          // Every 6th is sent twice with the same key at once, every 10th also with a second key.
          twiceSameKey: i % 6 === 0,
          secondKey: i % 10 === 5,
          key: `conc-${i}-${Math.floor(random() * 1e9)}`,
          inquiryId: '' as string,
          otp: '' as string,
        };
      });
      const inquiries = await Promise.all(
        plans.map((p) =>
          call('/api/transaction/v1/inquiry', p.from.owner.headers, { flowId: p.flowId, form: p.form }),
        ),
      );
      inquiries.forEach((r, i) => {
        expect([200, 422]).toContain(r.status);
        if (r.status === 200) plans[i]!.inquiryId = r.body.inquiryId;
      });
      const live = plans.filter((p) => p.inquiryId);
      expect(live.length).toBeGreaterThan(TRANSFERS * 0.8);

      // 2. OTPs: one at a time per phone (so the newest SMS is this one's), customers in parallel.
      await Promise.all(
        customers.map(async (c) => {
          for (const p of live.filter((x) => x.from.owner === c)) {
            const v = await call('/api/transaction/v1/verification', c.headers, {
              inquiryId: p.inquiryId,
              method: 'otp',
            });
            expect(v.status).toBe(200);
            const { rows } = await db.query<{ text: string }>(
              'SELECT text FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1',
              [c.phone],
            );
            expect(rows[0]!.text).toContain(`(Ref ${v.body.otp.refNumber})`);
            p.otp = /\b(\d{6})\b/.exec(rows[0]!.text)![1]!;
          }
        }),
      );

      // 3. Every confirm at once (plus the duplicates), while a watcher keeps reading the total.
      let watching = true;
      const seenTotals = new Set<number>();
      const watcher = (async () => {
        while (watching) {
          seenTotals.add(await totalBalance());
          await new Promise((r) => setTimeout(r, 5));
        }
      })();
      const confirm = (p: (typeof live)[number], key: string) =>
        call('/api/transaction/v1/confirm', p.from.owner.headers, {
          inquiryId: p.inquiryId,
          idempotencyKey: key,
          otp: p.otp,
        });
      const results = await Promise.all(
        live.map(async (p) => {
          const sends = [confirm(p, p.key)];
          if (p.twiceSameKey) sends.push(confirm(p, p.key));
          if (p.secondKey) sends.push(confirm(p, `${p.key}-other`));
          return { p, answers: await Promise.all(sends) };
        }),
      );
      watching = false;
      await watcher;

      let booked = 0;
      let refusedByFloor = 0;
      for (const { p, answers } of results) {
        for (const a of answers) expect([200, 409, 422]).toContain(a.status);
        const ok = answers.filter((a) => a.status === 200);
        const refs = new Set(ok.map((a) => a.body.referenceNo));
        // However many times it was sent, at most one booking.
        expect(refs.size).toBeLessThanOrEqual(1);
        if (ok.length) booked += 1;
        if (p.twiceSameKey) {
          // The same key twice is one transaction: never "double transaction" (0021), and where both were
          // booked-or-answered, the same receipt (refs.size above). A refusal can only be a rule (the
          // balance changed between the two).
          for (const a of answers) expect(a.status).not.toBe(409);
        }
        if (p.secondKey && ok.length) {
          const other = answers.at(-1)!;
          if (other.status === 409) expect(other.body.apierror.errorCode).toBe('0021');
        }
        for (const a of answers.filter((x) => x.status === 422))
          expect(a.body.apierror.errorCode).toBe('INSUFFICIENT_BALANCE');
        refusedByFloor += answers.filter((a) => a.status === 422).length;
      }
      expect(booked).toBeGreaterThan(live.length * 0.5);

      // The books.
      expect(await totalBalance()).toBe(sumBefore);
      expect([...seenTotals]).toEqual([sumBefore]);
      const { rows: below } = await db.query('SELECT id FROM accounts WHERE balance < floor');
      expect(below).toHaveLength(0);
      const { rows: keys } = await db.query<{ k: string; n: number }>(
        `SELECT idempotency_key AS k, count(*)::int AS n FROM journal WHERE idempotency_key LIKE 'conc-%' GROUP BY 1`,
      );
      expect(keys.every((k) => k.n === 1)).toBe(true);
      expect(keys).toHaveLength(booked);
      const { rows: perInquiry } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM journal WHERE inquiry_id = ANY($1::text[]) GROUP BY inquiry_id HAVING count(*) > 1`,
        [live.map((p) => p.inquiryId)],
      );
      expect(perInquiry).toHaveLength(0);
      expect(await unbalancedJournals(db)).toBe(0);
      // Each balance is its opening plus its entries.
      const { rows: drift } = await db.query(
        `SELECT a.id FROM accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
        WHERE a.id = ANY($1::bigint[]) GROUP BY a.id, a.balance HAVING a.balance <> $2 + coalesce(sum(e.amount), 0)`,
        [ids, rp(600_000)],
      );
      expect(drift).toHaveLength(0);
      // The floors were actually reached, not just unreachable: some confirms were refused by them.
      expect(refusedByFloor).toBeGreaterThan(0);
    },
  );

  it(
    'keeps the books with carts: every customer verifies a cart once and confirms it twice at once',
    { timeout: 120_000 },
    async () => {
      const ids = accounts.map((a) => a.id);
      const sumBefore = await totalBalance();
      const checkouts = await Promise.all(
        customers.map(async (c, n) => {
          const [a, b] = accounts.filter((x) => x.owner === c);
          const stranger = accounts.find((x) => x.owner !== c)!;
          const forms = [
            {
              flowId: 'transfer.own',
              form: {
                sourceOfFund: String(a!.id),
                beneficiaryAccount: String(b!.id),
                amount: rp(10_000 + n),
              },
            },
            {
              flowId: 'transfer.own',
              form: {
                sourceOfFund: String(b!.id),
                beneficiaryAccount: String(a!.id),
                amount: rp(20_000 + n),
              },
            },
            {
              flowId: 'transfer.samebank',
              form: {
                sourceOfFund: String(a!.id),
                beneficiaryAccountNo: stranger.accountNo,
                purpose: 'family',
                amount: rp(30_000 + n),
              },
            },
          ];
          for (const f of forms)
            expect([200, 422]).toContain((await call('/api/cart/v1/add', c.headers, f)).status);
          const v = await call('/api/cart/v1/verification', c.headers, { method: 'otp' });
          if (v.status !== 200) return null;
          const { rows } = await db.query<{ text: string }>(
            'SELECT text FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1',
            [c.phone],
          );
          return { c, checkoutId: String(v.body.checkoutId), otp: /\b(\d{6})\b/.exec(rows[0]!.text)![1]! };
        }),
      );
      const live = checkouts.filter((x) => x !== null);
      expect(live.length).toBeGreaterThan(0);
      const answers = await Promise.all(
        live.flatMap((x) =>
          [0, 1].map(() =>
            call('/api/cart/v1/confirm', x.c.headers, { checkoutId: x.checkoutId, otp: x.otp }),
          ),
        ),
      );
      expect(answers.some((a) => a.status === 200)).toBe(true);
      expect(await totalBalance()).toBe(sumBefore);
      const { rows: below } = await db.query('SELECT id FROM accounts WHERE balance < floor');
      expect(below).toHaveLength(0);
      const { rows: twice } = await db.query(
        `SELECT idempotency_key FROM journal WHERE idempotency_key LIKE 'cart-%' GROUP BY 1 HAVING count(*) > 1`,
      );
      expect(twice).toHaveLength(0);
      expect(await unbalancedJournals(db)).toBe(0);
      const { rows: drift } = await db.query(
        `SELECT a.id FROM accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
        WHERE a.id = ANY($1::bigint[]) GROUP BY a.id, a.balance HAVING a.balance <> $2 + coalesce(sum(e.amount), 0)`,
        [ids, rp(600_000)],
      );
      expect(drift).toHaveLength(0);
    },
  );
});
