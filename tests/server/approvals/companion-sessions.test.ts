import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { hashSecret } from '../../../src/server/auth/password';
import { createSession } from '../../../src/server/auth/sessions';
import {
  bothEngines,
  type Customer,
  customerWithSession,
  insertAccount,
  itOnOneEngine,
  latestCode,
  mobileLogin,
  post,
  useTestApp,
} from '../../kit';

const rp = (n: number) => n * 100;

// Issue 17 item 1: the companion app's PIN login must not move money, and an approval comes only
// from a companion-app session of the same customer on a device enrolled for approvals. The decision
// is one conditional UPDATE whose parameters' types the database infers from how each driver sends
// them (pg and PGlite differ): on both engines. The channel refusals and the enrolment are the same
// SQL on both: one engine.
describe.each(bothEngines)('companion-app sessions and web sessions are kept apart on $name', (engine) => {
  const { name } = engine;
  let db: Db;
  let app: FastifyInstance;
  let web: Customer;
  let from: { id: number };
  let to: { id: number };

  const t = useTestApp({ engine });
  beforeAll(async () => {
    ({ app, db } = t);
    web = await customerWithSession(db);
    await db.query(
      `INSERT INTO credentials (customer_id, password_hash, app_pin_hash) VALUES ($1, 'x', $2)`,
      [web.customerId, await hashSecret('482916')],
    );
    from = await insertAccount(db, web.customerId, { balance: rp(5_000_000) });
    to = await insertAccount(db, web.customerId, { balance: 0, product: 'current' });
  });

  const inquiry = (headers: Record<string, string>) =>
    post(app, '/api/transaction/v1/inquiry', headers, {
      flowId: 'transfer.own',
      form: { sourceOfFund: String(from.id), beneficiaryAccount: String(to.id), amount: rp(50_000) },
    });

  itOnOneEngine(name)(
    'a session opened with the app PIN is refused by every web call: no transfer, no approval, no confirm',
    async () => {
      const app1 = await mobileLogin(app, db, {
        userId: web.userId,
        appPin: '482916',
        deviceId: 'attacker-phone',
        phone: web.phone,
      });
      for (const [url, payload] of [
        ['/api/v1/session/me', {}],
        ['/api/v1/session/refresh', {}],
        ['/api/transaction/v1/formdata', { flowId: 'transfer.own' }],
      ] as const) {
        const r = await post(app, url, app1, payload);
        expect(r.status, url).toBe(401);
        expect(r.body.apierror.errorCode).toBe('INVALID_TOKEN');
      }
      const inq = await inquiry(app1);
      expect(inq.status).toBe(401);
      // The web's inquiry cannot be verified or confirmed with the app's token either.
      const webInq = await inquiry(web.headers);
      expect(webInq.status).toBe(200);
      const inquiryId = webInq.body.inquiryId as string;
      const ver = await post(app, '/api/transaction/v1/verification', app1, {
        inquiryId,
        method: 'approval',
      });
      expect(ver.status).toBe(401);
      const confirm = await post(app, '/api/transaction/v1/confirm', app1, {
        inquiryId,
        idempotencyKey: 'app-token-confirm-1',
      });
      expect(confirm.status).toBe(401);
      // Refused, not ended: the app's session still serves the app.
      expect((await post(app, '/api/mobile/v1/approvals/list', app1, {})).status).toBe(200);
    },
  );

  itOnOneEngine(name)(
    'a web session is refused by the app API, so it cannot approve what it asked for',
    async () => {
      const inq = await inquiry(web.headers);
      const inquiryId = inq.body.inquiryId as string;
      const ver = await post(app, '/api/transaction/v1/verification', web.headers, {
        inquiryId,
        method: 'approval',
      });
      expect(ver.status).toBe(200);
      const self = await post(app, '/api/mobile/v1/approvals/decide', web.headers, {
        approvalId: ver.body.approvalId,
        decision: 'approve',
      });
      expect(self.status).toBe(401);
      const status = await post(app, '/api/transaction/v1/verification/status', web.headers, { inquiryId });
      expect(status.body.status).toBe('waiting');
    },
  );

  itOnOneEngine(name)(
    'the first app login on a device asks for the SMS code; only then is the device enrolled',
    async () => {
      const device = { 'x-browser-id': 'new-phone-42' };
      const first = await post(app, '/api/mobile/v1/login', device, {
        userId: web.userId,
        appPin: '482916',
      });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ status: 'challenge', challenge: { type: 'enrol' } });
      expect(first.body.accessToken).toBeUndefined();
      // The challenge is the device's: another device cannot answer it, nor can the web's challenge route.
      const code = await latestCode(db, web.phone);
      const elsewhere = await post(
        app,
        '/api/mobile/v1/login/challenge',
        { 'x-browser-id': 'other-phone' },
        { challengeId: first.body.challenge.challengeId, otp: code },
      );
      expect(elsewhere.status).toBe(401);
      const onWeb = await post(app, '/api/v1/login/challenge', device, {
        challengeId: first.body.challenge.challengeId,
        otp: code,
      });
      expect(onWeb.status).toBe(401);
      const wrong = await post(app, '/api/mobile/v1/login/challenge', device, {
        challengeId: first.body.challenge.challengeId,
        otp: code === '000000' ? '111111' : '000000',
      });
      expect(wrong.status).toBe(400);
      const right = await post(app, '/api/mobile/v1/login/challenge', device, {
        challengeId: first.body.challenge.challengeId,
        otp: code,
      });
      expect(right.status).toBe(200);
      expect(right.body.status).toBe('ok');
      const again = await post(app, '/api/mobile/v1/login', device, {
        userId: web.userId,
        appPin: '482916',
      });
      expect(again.body.status).toBe('ok');
      expect(typeof again.body.accessToken).toBe('string');
      // No device id, no enrolment: the spec's shared fallback '1234' names no device.
      const anonymous = await post(app, '/api/mobile/v1/login', {}, { userId: web.userId, appPin: '482916' });
      expect(anonymous.status).toBe(400);
      expect(anonymous.body.apierror.errorCode).toBe('DEVICE_ID_REQUIRED');
    },
  );

  it('an app session on a device that is not enrolled, or of another customer, cannot decide', async () => {
    const inq = await inquiry(web.headers);
    const ver = await post(app, '/api/transaction/v1/verification', web.headers, {
      inquiryId: inq.body.inquiryId,
      method: 'approval',
    });
    const s = await createSession(db, {
      customerId: web.customerId,
      channel: 'mobile',
      browserId: 'unenrolled',
    });
    const unenrolled = { authorization: `Bearer ${s.token}`, 'x-browser-id': 'unenrolled' };
    const refused = await post(app, '/api/mobile/v1/approvals/decide', unenrolled, {
      approvalId: ver.body.approvalId,
      decision: 'approve',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.apierror.errorCode).toBe('DEVICE_NOT_ENROLLED');

    const other = await customerWithSession(db);
    await db.query(
      `INSERT INTO credentials (customer_id, password_hash, app_pin_hash) VALUES ($1, 'x', $2)`,
      [other.customerId, await hashSecret('135790')],
    );
    const otherApp = await mobileLogin(app, db, {
      userId: other.userId,
      appPin: '135790',
      deviceId: 'others-phone',
      phone: other.phone,
    });
    const foreign = await post(app, '/api/mobile/v1/approvals/decide', otherApp, {
      approvalId: ver.body.approvalId,
      decision: 'approve',
    });
    expect(foreign.status).toBe(404);

    const mine = await mobileLogin(app, db, {
      userId: web.userId,
      appPin: '482916',
      deviceId: 'customers-phone',
      phone: web.phone,
    });
    const decided = await post(app, '/api/mobile/v1/approvals/decide', mine, {
      approvalId: ver.body.approvalId,
      decision: 'approve',
      matchNumber: ver.body.matchNumber,
    });
    expect(decided.body).toEqual({ status: 'approved' });
    const { rows } = await db.query<{ decided: string; requested: string; web: number }>(
      `SELECT a.decided_session_id AS decided, a.requested_session_id AS requested, s.channel
         FROM approval_requests a JOIN sessions s ON s.id = a.decided_session_id WHERE a.id = $1`,
      [ver.body.approvalId],
    );
    expect(rows[0]!.decided).not.toBe(rows[0]!.requested);
  });
});
