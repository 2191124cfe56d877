import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { verifyAgainstDecoy, verifySecret } from '../auth/password';
import { browserIdOf, issueCredentials } from '../auth/session-plugin';
import { createSession, endSession } from '../auth/sessions';
import { clearFailures, failureKey, isLocked, recordFailure } from '../auth/failures';
import { rateLimited } from '../auth/texts';
import { openEventStream } from '../transactions/sse';
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
  await app.register(rateLimit, { global: false, errorResponseBuilder: () => rateLimited() });
  const security = [{ bearer: [] }];

  const mobileOnly = async (request: FastifyRequest) => {
    if (request.session?.channel !== 'mobile') throw approvalErrors.mobileOnly();
  };

  app.post<{ Body: { userId: string; appPin: string } }>(
    '/api/mobile/v1/login',
    {
      config: { rateLimit: { max: Number(process.env.AUTH_RATE_LIMIT_PER_MIN ?? 30), timeWindow: 60_000 } },
      schema: {
        summary: 'Companion app login with user id and 6-digit app PIN (session channel "mobile")',
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
      const key = failureKey('mobile.login', userId);
      if (await isLocked(app.db, key)) throw approvalErrors.loginLocked();
      const { rows } = await app.db.query<{
        id: number;
        title: string;
        full_name: string;
        display_name: string | null;
        app_pin_hash: string | null;
        cif_status: string;
      }>(
        `SELECT c.id, c.title, c.full_name, c.display_name, c.cif_status, k.app_pin_hash
           FROM customers c JOIN credentials k ON k.customer_id = c.id WHERE lower(c.user_id) = $1`,
        [userId],
      );
      const c = rows[0];
      const ok = c?.app_pin_hash
        ? await verifySecret(c.app_pin_hash, request.body.appPin)
        : await verifyAgainstDecoy(request.body.appPin);
      if (!c || !ok || c.cif_status === 'blocked') {
        if (await recordFailure(app.db, key)) throw approvalErrors.loginLocked();
        throw approvalErrors.loginFailed();
      }
      await clearFailures(app.db, key);
      const s = await createSession(app.db, {
        customerId: c.id,
        channel: 'mobile',
        browserId: browserIdOf(request),
      });
      issueCredentials(request, { token: s.token, expires: s.expires, absoluteExpires: s.absoluteExpires });
      return {
        accessToken: s.token,
        expires: s.expires,
        customer: { title: c.title, fullName: c.full_name, displayName: c.display_name ?? c.full_name },
      };
    },
  );

  app.post(
    '/api/mobile/v1/logout',
    {
      preHandler: [app.requireSession, mobileOnly],
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
      preHandler: [app.requireSession, mobileOnly],
      schema: {
        security,
        summary: 'Approval requests waiting for this customer, with the exact transaction details',
        body: { type: 'object', additionalProperties: false, properties: {} },
      },
    },
    async (request) => ({ approvals: await pendingApprovals(app.db, request.session!.customerId) }),
  );

  app.post<{ Body: { approvalId: string; decision: 'approve' | 'reject' } }>(
    '/api/mobile/v1/approvals/decide',
    {
      preHandler: [app.requireSession, mobileOnly],
      schema: {
        security,
        summary: 'Approve or reject one request (once; only while it is live)',
        body: body(
          {
            approvalId: { type: 'string', minLength: 1, maxLength: 64 },
            decision: { type: 'string', enum: ['approve', 'reject'] },
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
      });
      hub.notify(s.customerId, r.inquiryId);
      return { status: r.status };
    },
  );

  app.get(
    '/api/mobile/v1/approvals/events',
    {
      preHandler: [app.requireSession, mobileOnly],
      schema: {
        security,
        summary: 'Server-sent events: `approvals` with the waiting list whenever it changes',
      },
    },
    async (request, reply) => {
      const customerId = request.session!.customerId;
      let last = '';
      const stream = openEventStream(request, reply, {
        pollMs: hub.rereadMs,
        maxMs: 10 * 60_000,
        tick: async (send) => {
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
