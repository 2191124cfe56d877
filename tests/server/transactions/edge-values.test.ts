import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import {
  bothEngines,
  type Customer,
  customerWithSession,
  insertAccount,
  post,
  transact,
  unbalancedJournals,
  useTestApp,
} from '../../kit';

const rp = (n: number) => n * 100;

interface Totals {
  currency: string;
  total: number;
  below: number;
}

/** Every balance summed per currency (a double-entry ledger keeps these constant) and any below its floor. */
async function totals(db: Db): Promise<Totals[]> {
  const { rows } = await db.query<Totals>(
    `SELECT currency::text, sum(balance)::bigint AS total, count(*) FILTER (WHERE balance < floor)::int AS below
       FROM accounts GROUP BY currency ORDER BY currency`,
  );
  return rows;
}

// Each field of each flow's valid form swapped, one at a time, for a value at or past an edge, and
// taken through inquiry, OTP and confirm: every answer is a booking or a 4xx apierror, never a 500,
// and the ledger stays balanced with no account below its floor.
describe.each(bothEngines)('edge values through inquiry, OTP and confirm on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let budi: Customer;
  let forms: Record<string, Record<string, unknown>>;
  let strangers: { other: string; same: string; closed: string };

  const t = useTestApp({ engine });
  beforeAll(async () => {
    ({ app, db } = t);
    budi = await customerWithSession(db);
    const savings = await insertAccount(db, budi.customerId, { balance: rp(50_000_000) });
    const current = await insertAccount(db, budi.customerId, { product: 'current', balance: rp(1_000_000) });
    const sari = await customerWithSession(db);
    const sariSavings = await insertAccount(db, sari.customerId, { balance: rp(100_000) });
    const closed = await insertAccount(db, budi.customerId, { balance: rp(10) });
    await db.query(`UPDATE accounts SET status = 'blocked' WHERE id = $1`, [closed.id]);
    const mobile = await post(app, '/api/transaction/v1/formdata', budi.headers, {
      flowId: 'purchase.mobile',
    });
    expect(mobile.status).toBe(200);
    const operator = mobile.body.choices.operator[0].value as string;
    const denomination = (
      mobile.body.choices.denomination as { value: string; detail: { operator: string } }[]
    ).find((d) => d.detail.operator === operator)!.value;
    const source = String(savings.id);
    forms = {
      'transfer.own': {
        sourceOfFund: source,
        beneficiaryAccount: String(current.id),
        amount: rp(10_000),
        message: 'ok',
      },
      'transfer.samebank': {
        sourceOfFund: source,
        beneficiaryAccountNo: sariSavings.accountNo,
        purpose: 'family',
        amount: rp(10_000),
        message: 'ok',
      },
      'payment.bpjs': { sourceOfFund: source, customerNumber: '8888801234567' },
      'purchase.mobile': { sourceOfFund: source, phoneNumber: '081234567890', operator, denomination },
    };
    strangers = { other: String(sariSavings.id), same: source, closed: String(closed.id) };
  }, 60_000);

  it('books or refuses each with a 4xx, and the ledger stays balanced', async () => {
    const before = await totals(db);
    const edges: unknown[] = [
      0,
      -1,
      1,
      0.5,
      2 ** 53,
      999_999_999_999_999,
      1e15,
      '',
      ' ',
      '0',
      '-1',
      '00000',
      '1e3',
      'x'.repeat(300),
      '😀'.repeat(40),
      strangers.other,
      strangers.same,
      strangers.closed,
      '999999999',
    ];
    const failures: string[] = [];
    let booked = 0;
    for (const [flowId, form] of Object.entries(forms)) {
      for (const field of Object.keys(form)) {
        for (const value of edges) {
          const { inquiry, receipt } = await transact(app, db, budi, flowId, { ...form, [field]: value });
          for (const res of [inquiry, receipt]) {
            const ok = res.status < 500 && (res.status < 400 || !!res.body.apierror?.errorCode);
            if (!ok)
              failures.push(
                `${flowId} ${field}=${JSON.stringify(value)} -> ${res.status} ${JSON.stringify(res.body)}`,
              );
          }
          if (receipt.status === 200 && receipt.body.referenceNo) booked++;
        }
      }
    }
    expect(failures).toEqual([]);
    // Some edges are fine values (1, '0' as a message, another customer's account as a same-bank number...).
    expect(booked).toBeGreaterThan(0);
    const after = await totals(db);
    expect(after.map(({ currency, total }) => ({ currency, total }))).toEqual(
      before.map(({ currency, total }) => ({ currency, total })),
    );
    expect(after.every((t) => t.below === 0)).toBe(true);
    expect(await unbalancedJournals(db)).toBe(0);
  }, 300_000);
});
