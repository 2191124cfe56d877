import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { seedDemo } from '../../../src/server/core-bank/seed';
import { latestCode, openSession, testDbs, useTestApp } from '../../kit';

interface Entry {
  description: string;
  descriptionIdn: string;
  descriptionEng: string;
}

// History lines read in the page's language: never "Isi ulang pulsa ... / Mobile top-up" on both.
describe.each(testDbs)('account history in each language on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let headers: Record<string, string>;
  let accountId: number;
  const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload, headers });
  const history = async () => {
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const from = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
    const res = await post('/api/account/v1/history', { accountId, from, to: today });
    expect(res.statusCode).toBe(200);
    return (res.json() as { entries: Entry[] }).entries;
  };

  const t = useTestApp({
    engine,
    seed: seedDemo,
  });
  beforeAll(async () => {
    ({ app, db } = t);
    ({ headers } = await openSession(db, 'budisantoso'));
    accountId = (await db.query<{ id: number }>(`SELECT id FROM accounts WHERE account_no = '800123456701'`))
      .rows[0]!.id;
  });

  it("splits the core bank's lines: Indonesian on one side, English on the other", async () => {
    const entries = await history();
    for (const e of entries) {
      expect(e.descriptionIdn).not.toContain(' / ');
      expect(e.descriptionEng).not.toContain(' / ');
    }
    const salary = entries.find((e) => e.descriptionIdn.startsWith('Gaji'))!;
    expect(salary.descriptionEng).toBe('Salary');
    const topup = entries.find((e) => e.descriptionIdn.startsWith('Pembelian pulsa'))!;
    expect(topup.descriptionEng).toMatch(/^Mobile top-up/);
  });

  it('a transaction booked by the engine reads in each language with its detail', async () => {
    const inquiry = await post('/api/transaction/v1/inquiry', {
      flowId: 'transfer.samebank',
      form: {
        sourceOfFund: String(accountId),
        beneficiaryAccountNo: '800123456837',
        purpose: 'family',
        amount: 5_000_000,
      },
    });
    expect(inquiry.statusCode).toBe(200);
    const { inquiryId } = inquiry.json() as { inquiryId: string };
    const ver = await post('/api/transaction/v1/verification', { inquiryId, method: 'otp' });
    expect(ver.statusCode).toBe(200);
    const phone = (
      await db.query<{ phone: string }>(
        `SELECT p.phone FROM customer_phones p JOIN customers c ON c.id = p.customer_id
        WHERE c.user_id = 'budisantoso' ORDER BY p.id LIMIT 1`,
      )
    ).rows[0]!.phone;
    const confirm = await post('/api/transaction/v1/confirm', {
      inquiryId,
      idempotencyKey: `history-lang-${Date.now()}`,
      otp: await latestCode(db, phone),
    });
    expect(confirm.statusCode).toBe(200);
    const line = (await history())[0]!;
    expect(line.descriptionIdn).toMatch(/^Transfer ke rekening lain di bank ini .*6837$/);
    expect(line.descriptionEng).toMatch(/^Transfer to .*6837$/);
    expect(line.descriptionIdn).not.toMatch(/Transfer to/);
  });
});
