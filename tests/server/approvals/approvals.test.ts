import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { hashSecret } from '../../../src/server/auth/password';
import { readEvents } from './read-events';
import {
  bothEngines,
  type Customer,
  customerWithSession,
  insertAccount,
  mobileLogin,
  post,
  useTestApp,
} from '../../kit';

const rp = (n: number) => n * 100;

describe.each(bothEngines)('app approvals and the companion app API on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let base: string;
  let web: Customer;
  let mobile: Record<string, string>;
  let from: { id: number };
  let to: { id: number };

  const t = useTestApp({ engine, listen: true });
  beforeAll(async () => {
    ({ app, db } = t);
    base = t.baseUrl;
    web = await customerWithSession(db);
    await db.query(
      `INSERT INTO credentials (customer_id, password_hash, app_pin_hash) VALUES ($1, 'x', $2)`,
      [web.customerId, await hashSecret('482916')],
    );
    from = await insertAccount(db, web.customerId, { balance: rp(5_000_000), name: 'Tabungan Utama' });
    to = await insertAccount(db, web.customerId, { balance: 0, product: 'current', name: 'Giro' });
    mobile = await mobileLogin(app, db, {
      userId: web.userId,
      appPin: '482916',
      deviceId: 'phone-1',
      phone: web.phone,
    });
  });
  // Each test starts past the push window of the ones before (at most 8 pushes in 10 minutes).
  beforeEach(async () => {
    await db.query(
      `UPDATE approval_requests SET created_at = created_at - interval '11 minutes' WHERE customer_id = $1`,
      [web.customerId],
    );
  });

  const newInquiry = async (amount = rp(125_000)) => {
    const inq = await post(app, '/api/transaction/v1/inquiry', web.headers, {
      flowId: 'transfer.own',
      form: {
        sourceOfFund: String(from.id),
        beneficiaryAccount: String(to.id),
        amount,
        message: 'Bayar kos',
      },
    });
    expect(inq.status).toBe(200);
    return inq.body.inquiryId as string;
  };

  it('logs the app in with user id and app PIN only, and keeps the web out of the app API', async () => {
    const wrong = await post(app, '/api/mobile/v1/login', {}, { userId: web.userId, appPin: '000000' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.apierror.errorCode).toBe('LOGIN_FAILED');
    const nobody = await post(app, '/api/mobile/v1/login', {}, { userId: 'nobody-here', appPin: '482916' });
    expect(nobody.status).toBe(401);
    const fromWeb = await post(app, '/api/mobile/v1/approvals/list', web.headers, {});
    expect(fromWeb.status).toBe(401);
    expect(fromWeb.body.apierror.errorCode).toBe('INVALID_TOKEN');
    const { rows } = await db.query<{ channel: string }>(
      `SELECT channel FROM sessions WHERE customer_id = $1 ORDER BY id DESC LIMIT 1`,
      [web.customerId],
    );
    expect(rows[0]!.channel).toBe('mobile');
  });

  it('shows the exact transaction in the app; approving lets the web confirm without OTP', async () => {
    const inquiryId = await newInquiry();
    const ver = await post(app, '/api/transaction/v1/verification', web.headers, {
      inquiryId,
      method: 'approval',
    });
    expect(ver.status).toBe(200);
    expect(ver.body).toMatchObject({ method: 'approval', resendsLeft: 3 });
    expect(Date.parse(ver.body.expiresAt) - Date.now()).toBeGreaterThan(4.5 * 60_000);

    const list = await post(app, '/api/mobile/v1/approvals/list', mobile, {});
    expect(list.status).toBe(200);
    const item = list.body.approvals[0];
    expect(item.approvalId).toBe(ver.body.approvalId);
    expect(item.summary.amount).toEqual({ amount: rp(125_000), currency: 'IDR' });
    expect(item.summary.total).toEqual({ amount: rp(125_000), currency: 'IDR' });
    expect(item.summary.title.eng).not.toContain(':');
    type SummaryRow = { labelEng: string; valueEng: string; valueIdn: string };
    const values = item.summary.rows.map((r: SummaryRow) => r.valueEng).join(' | ');
    expect(values).toContain('Tabungan Utama');
    expect(values).toContain('Giro');
    expect(values).toContain('Bayar kos');

    const early = await post(app, '/api/transaction/v1/confirm', web.headers, {
      inquiryId,
      idempotencyKey: 'approve-key-1',
    });
    expect(early.status).toBe(409);
    expect(early.body.apierror.errorCode).toBe('NOT_VERIFIED');

    // The app offers three numbers and never says which one the web shows.
    expect(item.matchChoices).toContain(ver.body.matchNumber);
    expect(item.matchNumber).toBeUndefined();
    const decided = await post(app, '/api/mobile/v1/approvals/decide', mobile, {
      approvalId: item.approvalId,
      decision: 'approve',
      matchNumber: ver.body.matchNumber,
    });
    expect(decided.body).toEqual({ status: 'approved' });
    const twice = await post(app, '/api/mobile/v1/approvals/decide', mobile, {
      approvalId: item.approvalId,
      decision: 'reject',
    });
    expect(twice.status).toBe(410);
    const status = await post(app, '/api/transaction/v1/verification/status', web.headers, { inquiryId });
    expect(status.body).toEqual({ status: 'approved' });
    const receipt = await post(app, '/api/transaction/v1/confirm', web.headers, {
      inquiryId,
      idempotencyKey: 'approve-key-1',
    });
    expect(receipt.status).toBe(200);
    expect(receipt.body.status).toBe('success');
  });

  it('cancels the transaction when the app rejects it', async () => {
    const inquiryId = await newInquiry();
    const ver = await post(app, '/api/transaction/v1/verification', web.headers, {
      inquiryId,
      method: 'approval',
    });
    await post(app, '/api/mobile/v1/approvals/decide', mobile, {
      approvalId: ver.body.approvalId,
      decision: 'reject',
    });
    expect(
      (await post(app, '/api/transaction/v1/verification/status', web.headers, { inquiryId })).body,
    ).toEqual({
      status: 'rejected',
    });
    const confirm = await post(app, '/api/transaction/v1/confirm', web.headers, {
      inquiryId,
      idempotencyKey: 'reject-key-1',
    });
    expect(confirm.status).toBe(409);
    expect(confirm.body.apierror.errorCode).toBe('APPROVAL_REJECTED');
    const resend = await post(app, '/api/transaction/v1/verification/resend', web.headers, { inquiryId });
    expect(resend.status).toBe(409);
    // Rejected means cancelled: no OTP fallback for this inquiry either.
    const otp = await post(app, '/api/transaction/v1/verification', web.headers, {
      inquiryId,
      method: 'otp',
    });
    expect(otp.status).toBe(409);
    expect((await post(app, '/api/mobile/v1/approvals/list', mobile, {})).body.approvals).toEqual([]);
  });

  it('tells the web whether the customer has the app on an enrolled device (offered when OTP is frozen)', async () => {
    const inquire = async (who: Customer, src: number, dst: number) =>
      post(app, '/api/transaction/v1/inquiry', who.headers, {
        flowId: 'transfer.own',
        form: { sourceOfFund: String(src), beneficiaryAccount: String(dst), amount: rp(10_000) },
      });
    const enrolled = await inquire(web, from.id, to.id);
    expect(enrolled.status).toBe(200);
    expect(enrolled.body.appEnrolled).toBe(true);
    const other = await customerWithSession(db);
    const a = await insertAccount(db, other.customerId, { balance: rp(100_000) });
    const b = await insertAccount(db, other.customerId, { balance: 0, product: 'current' });
    const without = await inquire(other, a.id, b.id);
    expect(without.status).toBe(200);
    expect(without.body.appEnrolled).toBe(false);
  });

  it('withdraws the app request when the web switches to OTP: the app drops it and cannot approve it', async () => {
    const inquiryId = await newInquiry(rp(66_000));
    const ver = await post(app, '/api/transaction/v1/verification', web.headers, {
      inquiryId,
      method: 'approval',
    });
    expect(ver.status).toBe(200);
    let heard = 0;
    const off = app.approvalHub.subscribe(`customer:${web.customerId}`, () => heard++);
    const otp = await post(app, '/api/transaction/v1/verification', web.headers, {
      inquiryId,
      method: 'otp',
    });
    off();
    expect(otp.status).toBe(200);
    expect(otp.body.method).toBe('otp');
    // The app's open list is told at once, and the request is gone from it.
    expect(heard).toBeGreaterThan(0);
    const list = await post(app, '/api/mobile/v1/approvals/list', mobile, {});
    expect(list.body.approvals.map((a: { approvalId: string }) => a.approvalId)).not.toContain(
      ver.body.approvalId,
    );
    // A stale screen still showing it is refused in both languages: it never says "approved".
    const decided = await post(app, '/api/mobile/v1/approvals/decide', mobile, {
      approvalId: ver.body.approvalId,
      decision: 'approve',
      matchNumber: ver.body.matchNumber,
    });
    expect(decided.status).toBe(409);
    expect(decided.body.apierror).toMatchObject({
      errorCode: 'APPROVAL_WITHDRAWN',
      errorMessageEng: expect.stringContaining('Nothing was approved'),
      errorMessageIdn: expect.stringContaining('Tidak ada yang disetujui'),
    });
    const status = await post(app, '/api/transaction/v1/verification/status', web.headers, { inquiryId });
    expect(status.body.status).not.toBe('approved');
    // Switching back pushes a fresh request (a new number), which the app can decide.
    const again = await post(app, '/api/transaction/v1/verification', web.headers, {
      inquiryId,
      method: 'approval',
    });
    expect(again.status).toBe(200);
    expect(again.body.approvalId).not.toBe(ver.body.approvalId);
    const fresh = await post(app, '/api/mobile/v1/approvals/list', mobile, {});
    expect(fresh.body.approvals.map((a: { approvalId: string }) => a.approvalId)).toEqual([
      again.body.approvalId,
    ]);
  });

  it('resends at most 3 times, expires after 5 minutes, and a new transaction supersedes the old request', async () => {
    const inquiryId = await newInquiry();
    await post(app, '/api/transaction/v1/verification', web.headers, { inquiryId, method: 'approval' });
    for (const left of [2, 1, 0]) {
      const r = await post(app, '/api/transaction/v1/verification/resend', web.headers, { inquiryId });
      expect(r.status).toBe(200);
      expect(r.body.resendsLeft).toBe(left);
    }
    const over = await post(app, '/api/transaction/v1/verification/resend', web.headers, { inquiryId });
    expect(over.status).toBe(429);
    expect(over.body.apierror.errorCode).toBe('APPROVAL_RESEND_LIMIT');
    await db.query(
      `UPDATE approval_requests SET expires_at = now() - interval '1 second' WHERE inquiry_id = $1`,
      [inquiryId],
    );
    expect(
      (await post(app, '/api/transaction/v1/verification/status', web.headers, { inquiryId })).body.status,
    ).toBe('expired');
    // The fallback: an OTP for the same inquiry.
    const otp = await post(app, '/api/transaction/v1/verification', web.headers, {
      inquiryId,
      method: 'otp',
    });
    expect(otp.body.method).toBe('otp');

    const a = await newInquiry();
    const va = await post(app, '/api/transaction/v1/verification', web.headers, {
      inquiryId: a,
      method: 'approval',
    });
    const b = await newInquiry();
    await post(app, '/api/transaction/v1/verification', web.headers, { inquiryId: b, method: 'approval' });
    const list = (await post(app, '/api/mobile/v1/approvals/list', mobile, {})).body.approvals;
    expect(list.map((x: { approvalId: string }) => x.approvalId)).not.toContain(va.body.approvalId);
    expect(list).toHaveLength(1);
  });

  it('pushes live: the app hears of a new request and the web hears the decision (SSE over fetch)', async () => {
    const inquiryId = await newInquiry(rp(77_000));
    let approvalId = '';
    let matchNumber = 0;
    const appEvents = await readEvents(
      `${base}/api/mobile/v1/approvals/events`,
      mobile,
      (ev) =>
        ev.some((e) =>
          (e.data as { approvals: { summary: { amount: { amount: number } } }[] }).approvals.some(
            (a) => a.summary.amount.amount === rp(77_000),
          ),
        ),
      async () => {
        const ver = await post(app, '/api/transaction/v1/verification', web.headers, {
          inquiryId,
          method: 'approval',
        });
        approvalId = ver.body.approvalId;
        matchNumber = ver.body.matchNumber;
      },
    );
    expect(appEvents.at(-1)!.event).toBe('approvals');
    const webEvents = await readEvents(
      `${base}/api/transaction/v1/verification/events?inquiryId=${inquiryId}`,
      web.headers,
      (ev) => ev.some((e) => (e.data as { status: string }).status !== 'waiting'),
      async () => {
        await post(app, '/api/mobile/v1/approvals/decide', mobile, {
          approvalId,
          decision: 'approve',
          matchNumber,
        });
      },
    );
    expect(webEvents.map((e) => (e.data as { status: string }).status)).toEqual(['waiting', 'approved']);
    const other = await customerWithSession(db);
    const res = await fetch(`${base}/api/transaction/v1/verification/events?inquiryId=${inquiryId}`, {
      headers: other.headers,
    });
    expect(res.status).toBe(404);
  });
});
