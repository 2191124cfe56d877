import type { FastifyInstance } from 'fastify';
import { appCatalog } from './catalog';
import { createTransactionService, type Caller } from './service';
import { openEventStream } from './sse';
import { settleDuePayments } from './settlement';
import { acceptSession, bearerTokenOf, browserIdOf } from '../auth/session-plugin';
import { pruneLimitUse } from '../db/prune-limit-use';
import { whereOf } from '../passkeys/where';
import type { AuthenticationResponseJSON } from '../passkeys/verify-inquiry';
import { assertionSchema } from '../passkeys/schemas';

const inquiryId = { type: 'string', minLength: 1, maxLength: 64 } as const;
const body = (properties: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  additionalProperties: false,
  properties,
  required,
});

/** Held payments due a check are asked about this often by default. */
export const SETTLEMENT_INTERVAL_MS = 15_000;

/** The flow engine's HTTP API (CONTRACTS "Flow engine"): one set of endpoints for every flow file. */
export default async function transactionsRoutes(
  app: FastifyInstance,
  opts: { settlementIntervalMs?: number },
): Promise<void> {
  const hub = app.approvalHub;
  const { registry } = app;
  const catalog = appCatalog(app);
  const service = createTransactionService({
    db: app.db,
    otp: app.otp,
    sms: app.sms,
    catalog,
    registry,
    hub,
  });

  // Payments still in progress at a biller or operator, asked about until settled; one run at a time,
  // unref'd so it never keeps the process alive.
  const every = opts.settlementIntervalMs ?? SETTLEMENT_INTERVAL_MS;
  if (every > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      settleDuePayments(app.db, catalog, registry, {
        onError: (err, journalId) => app.log.warn({ err, journalId }, 'settlement check failed'),
      })
        .then((n) => {
          if (n.success + n.failed > 0) app.log.info(n, 'held payments settled');
        })
        .catch((err: unknown) => app.log.warn({ err }, 'settlement run failed'))
        .finally(() => (running = false));
    }, every);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  // Days of limit use before today are never read again (limit_used() reads from today on): pruned
  // hourly, unref'd like the settlement run.
  const pruneTimer = setInterval(() => {
    pruneLimitUse(app.db).catch((err: unknown) => app.log.warn({ err }, 'limit use prune failed'));
  }, 60 * 60_000);
  pruneTimer.unref();
  app.addHook('onClose', async () => clearInterval(pruneTimer));

  const caller = (request: { session: { id: number; customerId: number } | null }): Caller => ({
    customerId: request.session!.customerId,
    sessionId: request.session!.id,
  });
  const auth = { preHandler: app.requireSession, schema: { security: [{ bearer: [] }] } };

  app.post<{ Body: { flowId: string } }>(
    '/api/transaction/v1/formdata',
    {
      preHandler: app.requireSession,
      schema: {
        ...auth.schema,
        summary: 'Options of a flow form',
        body: body({ flowId: { type: 'string', maxLength: 100 } }, ['flowId']),
      },
    },
    async (request) => service.formData(caller(request), request.body.flowId),
  );

  app.post<{ Body: { flowId: string; form?: Record<string, unknown> } }>(
    '/api/transaction/v1/eligibility',
    {
      preHandler: app.requireSession,
      schema: {
        ...auth.schema,
        summary:
          "The flow's eligibility gates for this customer (risk profile, investor id, age, product held)",
        // form: what the page already knows of the form (a route parameter's product), for gates on it.
        body: body({ flowId: { type: 'string', maxLength: 100 }, form: { type: 'object' } }, ['flowId']),
        response: {
          200: { type: 'object', properties: { eligible: { type: 'boolean' } }, required: ['eligible'] },
        },
      },
    },
    async (request) => service.eligibility(caller(request), request.body.flowId, request.body.form),
  );

  app.post<{ Body: { flowId: string; step: string; form: Record<string, unknown>; stepToken?: string } }>(
    '/api/transaction/v1/inquiry/step',
    {
      preHandler: app.requireSession,
      schema: {
        ...auth.schema,
        summary:
          "One earlier step of a multi-step inquiry: its form checked against the step's schema, its look-up's answer kept for the next steps",
        body: body(
          {
            flowId: { type: 'string', maxLength: 100 },
            step: { type: 'string', maxLength: 50 },
            form: { type: 'object' },
            stepToken: inquiryId,
          },
          ['flowId', 'step', 'form'],
        ),
      },
    },
    async (request) => service.inquireStep(caller(request), request.body),
  );

  app.post<{ Body: { flowId: string; form: Record<string, unknown>; stepToken?: string } }>(
    '/api/transaction/v1/inquiry',
    {
      preHandler: app.requireSession,
      schema: {
        ...auth.schema,
        summary:
          "Quote a transaction: the form is checked against the flow's own JSON Schema, amount rules apply",
        body: body(
          {
            flowId: { type: 'string', maxLength: 100 },
            form: { type: 'object' },
            // A multi-step inquiry's earlier steps (the answer of /inquiry/step).
            stepToken: inquiryId,
          },
          ['flowId', 'form'],
        ),
      },
    },
    async (request) =>
      service.inquire(caller(request), request.body.flowId, request.body.form, request.body.stepToken),
  );

  app.post<{ Body: { inquiryId: string; confirmed: true } }>(
    '/api/transaction/v1/fds-challenge',
    {
      preHandler: app.requireSession,
      schema: {
        ...auth.schema,
        summary:
          'The FDS challenge of a flagged inquiry: the customer confirms the recipient and that they make it themselves',
        body: body({ inquiryId, confirmed: { const: true } }, ['inquiryId', 'confirmed']),
        response: {
          200: { type: 'object', properties: { passed: { type: 'boolean' } }, required: ['passed'] },
        },
      },
    },
    async (request) => service.fdsChallenge(caller(request), request.body.inquiryId),
  );

  app.post<{ Body: { inquiryId: string; method: 'otp' | 'approval' | 'passkey'; phoneId?: number } }>(
    '/api/transaction/v1/verification',
    {
      preHandler: app.requireSession,
      schema: {
        ...auth.schema,
        summary:
          'Send an OTP, push an approval request to the companion app, or ask for a passkey signature over a challenge derived from the inquiry',
        body: body(
          {
            inquiryId,
            method: { type: 'string', enum: ['otp', 'approval', 'passkey'] },
            phoneId: { type: 'integer', minimum: 1 },
          },
          ['inquiryId', 'method'],
        ),
      },
    },
    async (request) => service.startVerification(caller(request), request.body),
  );

  app.post<{ Body: { inquiryId: string } }>(
    '/api/transaction/v1/verification/resend',
    {
      preHandler: app.requireSession,
      schema: {
        ...auth.schema,
        summary: 'Resend the OTP or the approval request',
        body: body({ inquiryId }, ['inquiryId']),
      },
    },
    async (request) => service.resendVerification(caller(request), request.body.inquiryId),
  );

  const statusResponse = {
    200: {
      type: 'object',
      properties: { status: { type: 'string', enum: ['waiting', 'approved', 'rejected', 'expired'] } },
      required: ['status'],
    },
  };
  app.post<{ Body: { inquiryId: string } }>(
    '/api/transaction/v1/verification/status',
    {
      preHandler: app.requireSession,
      config: { sessionNoSlide: true },
      schema: {
        ...auth.schema,
        summary: 'Status of the approval request',
        body: body({ inquiryId }, ['inquiryId']),
        response: statusResponse,
      },
    },
    async (request) => service.verificationStatus(caller(request), request.body.inquiryId),
  );

  app.get<{ Querystring: { inquiryId: string } }>(
    '/api/transaction/v1/verification/events',
    {
      preHandler: app.requireSession,
      schema: {
        ...auth.schema,
        summary: 'Server-sent events: `status` whenever the approval request changes',
        querystring: body({ inquiryId }, ['inquiryId']),
      },
    },
    async (request, reply) => {
      const who = caller(request);
      // Fails with the usual apierror (before the stream opens) when the inquiry is not this session's.
      await service.verificationStatus(who, request.query.inquiryId);
      let last = '';
      const stream = openEventStream(request, reply, {
        pollMs: hub.rereadMs,
        maxMs: 20 * 60_000,
        tick: async (send) => {
          const s = await service.verificationStatus(who, request.query.inquiryId);
          if (s.status !== last) {
            last = s.status;
            send('status', s);
          }
          return s.status !== 'waiting';
        },
      });
      const off = hub.subscribe(`inquiry:${request.query.inquiryId}`, stream.wake);
      void stream.closed.then(off);
    },
  );

  app.post<{
    Body: {
      inquiryId: string;
      idempotencyKey: string;
      otp?: string;
      otpRequestId?: string;
      passkey?: AuthenticationResponseJSON;
    };
  }>(
    '/api/transaction/v1/confirm',
    {
      // The session is checked (and slid) in the same round trip that books the inquiry (service.confirm).
      schema: {
        ...auth.schema,
        summary: 'Book the verified transaction; the same idempotency key always answers the same receipt',
        body: body(
          {
            inquiryId,
            idempotencyKey: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,100}$' },
            otp: { type: 'string', pattern: '^[0-9]{6}$' },
            // The OTP request the code answers (the verification's answer); without it the server finds it.
            otpRequestId: { type: 'string', minLength: 1, maxLength: 64 },
            // A passkey's signed answer (verification 'passkey'): checked before anything is booked.
            passkey: assertionSchema,
          },
          ['inquiryId', 'idempotencyKey'],
        ),
      },
    },
    async (request) => {
      const token = bearerTokenOf(request);
      return service.confirm(
        {
          token,
          browserId: browserIdOf(request),
          accept: (live, answered = token) => acceptSession(request, answered, live),
        },
        request.body.passkey ? { ...request.body, where: whereOf(request) } : request.body,
      );
    },
  );
}
