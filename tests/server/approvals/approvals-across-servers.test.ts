import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { readEvents } from './read-events';
import {
  bothEngines,
  type Customer,
  customerWithSession,
  insertAccount,
  post,
  sessionHeaders,
  useTwoTestApps,
} from '../../kit';

const rp = (n: number) => n * 100;

// Two app servers on one database. Their streams re-read only every 10 minutes here, so whatever
// arrives within the test was pushed.
describe.each(bothEngines)('approval changes reach the streams of every app server on $name', (engine) => {
  const two = useTwoTestApps({ engine, approvalRereadMs: 600_000, listen: true });
  let serverB: FastifyInstance;
  let baseA: string;
  let web: Customer;
  let mobile: Record<string, string>;
  let from: { id: number };
  let to: { id: number };

  beforeAll(async () => {
    baseA = two.first.baseUrl;
    serverB = two.second.app;
    const db = two.first.db;
    web = await customerWithSession(db);
    mobile = await sessionHeaders(db, web.customerId, 'mobile');
    from = await insertAccount(db, web.customerId, {
      balance: rp(5_000_000),
      name: 'Tabungan Utama',
    });
    to = await insertAccount(db, web.customerId, { balance: 0, product: 'current', name: 'Giro' });
  });

  it("the app on server A hears of a request made through server B, and the web on A hears B's decision", async () => {
    const inquiry = await post(serverB, '/api/transaction/v1/inquiry', web.headers, {
      flowId: 'transfer.own',
      form: { sourceOfFund: String(from.id), beneficiaryAccount: String(to.id), amount: rp(88_000) },
    });
    expect(inquiry.status).toBe(200);
    const inquiryId = inquiry.body.inquiryId as string;
    let approvalId = '';
    let matchNumber = 0;
    const appEvents = await readEvents(
      `${baseA}/api/mobile/v1/approvals/events`,
      mobile,
      (ev) => ev.some((e) => (e.data as { approvals: unknown[] }).approvals.length > 0),
      async () => {
        const ver = await post(serverB, '/api/transaction/v1/verification', web.headers, {
          inquiryId,
          method: 'approval',
        });
        expect(ver.status).toBe(200);
        approvalId = ver.body.approvalId;
        matchNumber = ver.body.matchNumber;
      },
    );
    // First the empty list as the stream opens, then the request B opened.
    expect(appEvents.map((e) => (e.data as { approvals: { approvalId: string }[] }).approvals)).toEqual([
      [],
      [expect.objectContaining({ approvalId })],
    ]);

    const webEvents = await readEvents(
      `${baseA}/api/transaction/v1/verification/events?inquiryId=${inquiryId}`,
      web.headers,
      (ev) => ev.some((e) => (e.data as { status: string }).status !== 'waiting'),
      async () => {
        const decided = await post(serverB, '/api/mobile/v1/approvals/decide', mobile, {
          approvalId,
          decision: 'approve',
          matchNumber,
        });
        expect(decided.body).toEqual({ status: 'approved' });
      },
    );
    expect(webEvents.map((e) => (e.data as { status: string }).status)).toEqual(['waiting', 'approved']);
  });
});
