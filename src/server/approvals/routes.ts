import type { FastifyInstance, FastifyRequest } from 'fastify';
import { verifyAgainstDecoy, verifySecret } from '../auth/password';
import { browserIdOf, issueCredentials } from '../auth/session-plugin';
import { createSession, endSession, isSessionOpen } from '../auth/sessions';
import { clearFailures, failureKey, isLocked, recordFailure } from '../auth/failures';
import { findChallenge, openChallenge } from '../auth/login';
import { challengeExpired, rateLimited } from '../auth/texts';
import { canEnrol, enrolDevice, isEnrolled, isUnderReview } from './devices';
import { deviceName, whereOf } from '../passkeys/where';
import { openEventStream } from '../transactions/sse';
import { registerRateLimit } from '../http/rate-limit-store';
import { approvalErrors } from './errors';
import { decideApproval, pendingApprovals } from './store';

const body = (properties: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  additionalProperties: false,
  properties,
  required,
});

/** The companion app's API: log in with user id and app PIN, list, decide and follow approval requests. */
export default async function approvalsRoutes(app: FastifyInstance): Promise<void> {
  const hub = app.approvalHub;
  await registerRateLimit(app, { errorResponseBuilder: () => rateLimited() });
  const security = [{ bearer: [] }];

  const customerOf = async (customerId: number) => {
    const { rows } = await app.db.query<{ title: string; full_name: string; display_name: string | null }>(
      `SELECT title, full_name, display_name FROM customers WHERE id = $1`,
      [customerId],
    );
    const c = rows[0]!;
    return { title: c.title, fullName: c.full_name, displayName: c.display_name ?? c.full_name };
  };

  /** Opens the companion-app session on an enrolled device and hands its token back. */
  const openAppSession = async (request: FastifyRequest, customerId: number, deviceId: string) => {
    const s = await createSession(app.db, { customerId, channel: 'mobile', browserId: deviceId });
    issueCredentials(request, { token: s.token, expires: s.expires, absoluteExpires: s.absoluteExpires });
    return {
      status: 'ok' as const,
      accessToken: s.token,
      expires: s.expires,
      customer: await customerOf(customerId),
    };
  };

  const loginRate = {
    rateLimit: { max: Number(process.env.AUTH_RATE_LIMIT_PER_MIN ?? 30), timeWindow: 60_000 },
  };

  app.post<{ Body: { userId: string; appPin: string } }>(
    '/api/mobile/v1/login',
    {
      config: loginRate,
      schema: {
        summary:
          'Companion app login with user id and 6-digit app PIN (session channel "mobile"). On a device ' +
          'not yet enrolled for approvals the answer is a challenge: an SMS OTP, answered at /login/challenge.',
        body: body(
          {
            userId: { type: 'string', minLength: 1, maxLength: 40 },
            appPin: { type: 'string', pattern: '^[0-9]{6}$' },
          },
          ['userId', 'appPin'],
        ),
      },
    },
    async (request) => {
      const userId = request.body.userId.trim().toLowerCase();
      // One count with the web's password (failureKey('login', ...)): 5 wrong guesses in all, not 5 + 5.
      const key = failureKey('login', userId);
      const locked = await isLocked(app.db, key);
      const { rows } = await app.db.query<{ id: number; app_pin_hash: string | null; cif_status: string }>(
        `SELECT c.id, c.cif_status, k.app_pin_hash
           FROM customers c JOIN credentials k ON k.customer_id = c.id WHERE lower(c.user_id) = $1`,
        [userId],
      );
      const c = rows[0];
      const deviceId = browserIdOf(request);
      // A device enrolled for this customer (with an SMS code) is a possession factor: guesses from
      // elsewhere that lock the user id do not keep it out. Its own wrong PINs count on a lock of its own.
      const enrolled = !!c && canEnrol(deviceId) && (await isEnrolled(app.db, c.id, deviceId));
      const deviceKey = failureKey('login.device', `${userId}:${deviceId}`);
      if (locked && !enrolled) throw approvalErrors.loginLocked();
      if (enrolled && (await isLocked(app.db, deviceKey))) throw approvalErrors.loginLocked();
      const ok = c?.app_pin_hash
        ? await verifySecret(c.app_pin_hash, request.body.appPin)
        : await verifyAgainstDecoy(request.body.appPin);
      if (!c || !ok || c.cif_status === 'blocked') {
        const deviceLocked = enrolled && (await recordFailure(app.db, deviceKey));
        const idLocked = !locked && (await recordFailure(app.db, key));
        if (deviceLocked || idLocked) throw approvalErrors.loginLocked();
        throw approvalErrors.loginFailed();
      }
      // A lock someone else caused stays for everyone else.
      if (!locked) await clearFailures(app.db, key);
      if (enrolled) await clearFailures(app.db, deviceKey);
      if (!canEnrol(deviceId)) throw approvalErrors.deviceIdRequired();
      if (enrolled) return openAppSession(request, c.id, deviceId);
      // Kept or removed by the customer in Settings first (device-review.ts): no new SMS enrolment past it.
      if (await isUnderReview(app.db, c.id, deviceId)) throw approvalErrors.deviceUnderReview();
      return openChallenge(app, c.id, 'enrol', deviceId, 'mobile');
    },
  );

  app.post<{ Body: { challengeId: string; otp: string } }>(
    '/api/mobile/v1/login/challenge',
    {
      config: loginRate,
      schema: {
        summary: 'Enrol this device for approvals with the SMS OTP of the login challenge, and log in',
        body: body(
          {
            challengeId: { type: 'string', minLength: 20, maxLength: 100 },
            otp: { type: 'string', pattern: '^[0-9]{6}$' },
          },
          ['challengeId', 'otp'],
        ),
      },
    },
    async (request) => {
      const deviceId = browserIdOf(request);
      const challenge = await findChallenge(app.db, request.body.challengeId, deviceId, 'mobile');
      if (await isUnderReview(app.db, challenge.customer_id, deviceId))
        throw approvalErrors.deviceUnderReview();
      // Outside a transaction: a wrong code's attempt count must stick.
      await app.otp.verify(app.db, challenge.otp_request_id, challenge.customer_id, request.body.otp);
      await app.db.transaction(async (tx) => {
        const used = await tx.query(
          `UPDATE login_challenges SET used_at = now() WHERE id = $1 AND used_at IS NULL`,
          [challenge.id],
        );
        if (used.rowCount !== 1) throw challengeExpired();
        // Named for the customer ("Chrome on Android"); an app that says nothing of itself, unnamed.
        await enrolDevice(tx, challenge.customer_id, deviceId, {
          name: request.headers['user-agent'] ? deviceName(request) : null,
          where: whereOf(request),
        });
      });
      return openAppSession(request, challenge.customer_id, deviceId);
    },
  );

  app.post<{ Body: { challengeId: string } }>(
    '/api/mobile/v1/login/challenge/resend',
    {
      config: loginRate,
      schema: {
        summary: 'Send the login challenge OTP again',
        body: body({ challengeId: { type: 'string', minLength: 20, maxLength: 100 } }, ['challengeId']),
      },
    },
    async (request) => {
      const challenge = await findChallenge(app.db, request.body.challengeId, browserIdOf(request), 'mobile');
      const otp = await app.otp.resend(app.db, challenge.otp_request_id, challenge.customer_id);
      if (otp.requestId !== challenge.otp_request_id) {
        await app.db.query(`UPDATE login_challenges SET otp_request_id = $2 WHERE id = $1`, [
          challenge.id,
          otp.requestId,
        ]);
      }
      return otp;
    },
  );

  app.post(
    '/api/mobile/v1/logout',
    {
      preHandler: app.requireMobileSession,
      schema: {
        security,
        summary: 'End the companion app session',
        body: { type: 'object', additionalProperties: false, properties: {} },
      },
    },
    async (request) => {
      await endSession(app.db, request.session!.id, 'logout');
      return { ok: true };
    },
  );

  app.post(
    '/api/mobile/v1/approvals/list',
    {
      preHandler: app.requireMobileSession,
      schema: {
        security,
        summary: 'Approval requests waiting for this customer, with the exact transaction details',
        body: { type: 'object', additionalProperties: false, properties: {} },
      },
    },
    async (request) => ({ approvals: await pendingApprovals(app.db, request.session!.customerId) }),
  );

  app.post<{ Body: { approvalId: string; decision: 'approve' | 'reject'; matchNumber?: number } }>(
    '/api/mobile/v1/approvals/decide',
    {
      preHandler: app.requireMobileSession,
      schema: {
        security,
        summary: 'Approve or reject one request (once; only while it is live)',
        body: body(
          {
            approvalId: { type: 'string', minLength: 1, maxLength: 64 },
            decision: { type: 'string', enum: ['approve', 'reject'] },
            // The number the web shows, tapped among the app's three; a wrong one rejects.
            matchNumber: { type: 'integer', minimum: 10, maximum: 99 },
          },
          ['approvalId', 'decision'],
        ),
      },
    },
    async (request) => {
      const s = request.session!;
      const r = await decideApproval(app.db, {
        approvalId: request.body.approvalId,
        customerId: s.customerId,
        sessionId: s.id,
        decision: request.body.decision,
        matchNumber: request.body.matchNumber,
      });
      hub.notify(s.customerId, r.inquiryId);
      return { status: r.status };
    },
  );

  app.get(
    '/api/mobile/v1/approvals/events',
    {
      preHandler: app.requireMobileSession,
      schema: {
        security,
        summary: 'Server-sent events: `approvals` with the waiting list whenever it changes',
      },
    },
    async (request, reply) => {
      const { customerId, id: sessionId } = request.session!;
      let last = '';
      const stream = openEventStream(request, reply, {
        pollMs: hub.rereadMs,
        maxMs: 10 * 60_000,
        tick: async (send) => {
          // Its session ended (the device removed, a credential change, a logout): the stream ends, and
          // the app's next request is refused, which signs it out instead of showing it live.
          if (!(await isSessionOpen(app.db, sessionId))) return true;
          const approvals = await pendingApprovals(app.db, customerId);
          const text = JSON.stringify(approvals);
          if (text !== last) {
            last = text;
            send('approvals', { approvals });
          }
          return false;
        },
      });
      const off = hub.subscribe(`customer:${customerId}`, stream.wake);
      void stream.closed.then(off);
    },
  );
}
