import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import {
  bothEngines,
  type Customer,
  customerWithSession,
  insertAccount,
  itOnOneEngine,
  post,
  sessionHeaders,
  useTestApp,
} from '../../kit';

const rp = (n: number) => n * 100;

// Issue 17 item 5: 30 approval requests in a row were all pushed to the phone, and a tired customer
// could approve any of them with one tap. The cap is counted in the database while requests race: on
// both engines (PGlite runs them one at a time, PostgreSQL at once). Number matching is the same SQL on
// both: one engine.
describe.each(bothEngines)('approval push bombing and number matching on $name', (engine) => {
  const { name } = engine;
  let db: Db;
  let app: FastifyInstance;
  let web: Customer;
  let mobile: Record<string, string>;
  let from: { id: number };
  let to: { id: number };

  const t = useTestApp({ engine });
  beforeAll(async () => {
    ({ app, db } = t);
    web = await customerWithSession(db);
    mobile = await sessionHeaders(db, web.customerId, 'mobile');
    from = await insertAccount(db, web.customerId, { balance: rp(5_000_000) });
    to = await insertAccount(db, web.customerId, { balance: 0, product: 'current' });
  });

  const askApproval = async () => {
    const inq = await post(app, '/api/transaction/v1/inquiry', web.headers, {
      flowId: 'transfer.own',
      form: { sourceOfFund: String(from.id), beneficiaryAccount: String(to.id), amount: rp(10_000) },
    });
    return post(app, '/api/transaction/v1/verification', web.headers, {
      inquiryId: inq.body.inquiryId,
      method: 'approval',
    });
  };

  it('pushes at most 8 requests in 10 minutes, 30 asked at once; the rest are refused with 429 and never reach the phone', async () => {
    const statuses = (await Promise.all(Array.from({ length: 30 }, () => askApproval()))).map(
      (r) => r.status,
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(8);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 429)).toBe(true);
    const refused = await askApproval();
    expect(refused.body.apierror).toMatchObject({ errorCode: 'APPROVAL_RATE_LIMITED' });
    expect(refused.body.apierror.errorMessageIdn).toContain('OTP');
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM approval_requests WHERE customer_id = $1`,
      [web.customerId],
    );
    expect(rows[0]!.n).toBe(8);
    // Ten minutes later the app may be asked again.
    await db.query(
      `UPDATE approval_requests SET created_at = created_at - interval '11 minutes' WHERE customer_id = $1`,
      [web.customerId],
    );
    expect((await askApproval()).status).toBe(200);
  });

  itOnOneEngine(name)(
    'approves only with the number the web shows: the app is offered three, and a wrong one rejects',
    async () => {
      await db.query(
        `UPDATE approval_requests SET created_at = created_at - interval '11 minutes' WHERE customer_id = $1`,
        [web.customerId],
      );
      const first = await askApproval();
      expect(first.body.matchNumber).toBeGreaterThanOrEqual(10);
      expect(first.body.matchNumber).toBeLessThanOrEqual(99);
      const [item] = (await post(app, '/api/mobile/v1/approvals/list', mobile, {})).body.approvals;
      expect(item.approvalId).toBe(first.body.approvalId);
      expect(item.matchChoices).toHaveLength(3);
      expect(item.matchChoices).toContain(first.body.matchNumber);
      const wrong = (item.matchChoices as number[]).find((n) => n !== first.body.matchNumber)!;
      const tapped = await post(app, '/api/mobile/v1/approvals/decide', mobile, {
        approvalId: item.approvalId,
        decision: 'approve',
        matchNumber: wrong,
      });
      expect(tapped.body).toEqual({ status: 'rejected' });
      // No number at all approves nothing either.
      const second = await askApproval();
      const none = await post(app, '/api/mobile/v1/approvals/decide', mobile, {
        approvalId: second.body.approvalId,
        decision: 'approve',
      });
      expect(none.body).toEqual({ status: 'rejected' });
      const third = await askApproval();
      const right = await post(app, '/api/mobile/v1/approvals/decide', mobile, {
        approvalId: third.body.approvalId,
        decision: 'approve',
        matchNumber: third.body.matchNumber,
      });
      expect(right.body).toEqual({ status: 'approved' });
    },
  );
});
