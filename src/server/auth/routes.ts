import type { FastifyInstance } from 'fastify';
import { verifyAgainstDecoy } from './password';
import { routeSchema, sharedAuthSchemas } from './schemas';
import { browserIdOf, issuedCredentials, withdrawCredentials } from './session-plugin';
import { endSession } from './sessions';
import { customerSummary } from './customer-summary';
import { decoySecret, decoySecureWord } from './secure-word';
import { checkPassword, challengeFor, completeLogin, findChallenge, openChallenge } from './login';
import { forgotRoutes } from './forgot-routes';
import { pruneAuthRows } from './prune';
import { pruneRateLimitCounts, registerRateLimit } from '../http/rate-limit-store';
import { LOGOUT_MESSAGE, invalidToken, rateLimited } from './texts';

/** Per-IP limits of the credential routes (the per-id lock lives in the database, see failures.ts). */
const perMinute = Number(process.env.AUTH_RATE_LIMIT_PER_MIN ?? 30);
export const LOGIN_RATE = { max: perMinute, timeWindow: 60_000, groupId: 'login' };
export const FORGOT_RATE = {
  max: Math.max(1, Math.floor(perMinute * 0.67)),
  timeWindow: 60_000,
  groupId: 'forgot',
};

const body = (name: string) => routeSchema(`${name}.request`);
const ok = (name: string) => ({ 200: routeSchema(name) });

/** The login area: secure word, login, FDS/BDS challenges, logout, session refresh and me, forgot flows. */
export default async function authRoutes(app: FastifyInstance): Promise<void> {
  for (const schema of sharedAuthSchemas) app.addSchema(schema);
  // Counted in the database, so the limit is one however many app servers answer. Thrown, then
  // answered by the error handler as the apierror payload.
  await registerRateLimit(app, { errorResponseBuilder: () => rateLimited() });
  // Housekeeping once an hour; unref'd so it never keeps the process alive.
  const prune = setInterval(() => {
    pruneAuthRows(app.db).catch((err: unknown) => app.log.warn({ err }, 'auth prune failed'));
    pruneRateLimitCounts(app.db).catch((err: unknown) => app.log.warn({ err }, 'rate limit prune failed'));
  }, 60 * 60_000);
  prune.unref();
  app.addHook('onClose', async () => clearInterval(prune));
  // Pay for the decoy hash now, not on the first unknown id (that first answer would be slower).
  await verifyAgainstDecoy('warm-up');

  app.post(
    '/api/v1/login/secureword',
    {
      schema: { body: body('login-secureword'), response: ok('login-secureword.response') },
      config: { rateLimit: LOGIN_RATE },
    },
    async (request) => {
      const { userId } = request.body as { userId: string };
      // The lookup runs for every id and the decoy is computed for every id, so both paths cost the same.
      const [found, secret] = await Promise.all([
        app.db.query<{ secure_word: string | null }>(
          `SELECT secure_word FROM customers WHERE lower(user_id) = lower($1)`,
          [userId.trim()],
        ),
        decoySecret(app.db),
      ]);
      const decoy = decoySecureWord(secret, userId);
      return { secureWord: found.rows[0]?.secure_word || decoy };
    },
  );

  app.post(
    '/api/v1/login',
    { schema: { body: body('login'), response: ok('login.response') }, config: { rateLimit: LOGIN_RATE } },
    async (request) => {
      const { userId, password } = request.body as { userId: string; password: string };
      const browserId = browserIdOf(request);
      const { row, unlock } = await checkPassword(app.db, userId, password, browserId);
      if (unlock) return openChallenge(app, row.id, 'unlock', browserId);
      const kind = await challengeFor(app.db, row, browserId);
      if (kind) return openChallenge(app, row.id, kind, browserId);
      return completeLogin(app, request, row.id, browserId);
    },
  );

  app.post(
    '/api/v1/login/challenge',
    {
      schema: { body: body('login-challenge'), response: ok('login.response') },
      config: { rateLimit: LOGIN_RATE },
    },
    async (request) => {
      const { challengeId, otp } = request.body as { challengeId: string; otp: string };
      const browserId = browserIdOf(request);
      const challenge = await findChallenge(app.db, challengeId, browserId);
      // Outside a transaction: a wrong code's attempt count must stick.
      await app.otp.verify(app.db, challenge.otp_request_id, challenge.customer_id, otp);
      return completeLogin(app, request, challenge.customer_id, browserId, challenge);
    },
  );

  app.post(
    '/api/v1/login/challenge/resend',
    {
      schema: { body: body('login-challenge-resend'), response: ok('otp-challenge') },
      config: { rateLimit: LOGIN_RATE },
    },
    async (request) => {
      const { challengeId } = request.body as { challengeId: string };
      const challenge = await findChallenge(app.db, challengeId, browserIdOf(request));
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
    '/api/v1/login/logout',
    {
      schema: { security: [{ bearer: [] }], body: body('empty'), response: ok('login-logout.response') },
      preHandler: app.requireSession,
      config: { sessionNoSlide: true },
    },
    async (request) => {
      await endSession(app.db, request.session!.id, 'logout');
      withdrawCredentials(request);
      return { logoutresponse: LOGOUT_MESSAGE };
    },
  );

  app.post(
    '/api/v1/session/refresh',
    {
      schema: { security: [{ bearer: [] }], body: body('empty'), response: ok('session-refresh.response') },
      preHandler: app.requireSession,
    },
    async (request) => ({ expires: issuedCredentials(request)!.expires }),
  );

  app.post(
    '/api/v1/session/me',
    {
      schema: { security: [{ bearer: [] }], body: body('empty'), response: ok('session-me.response') },
      preHandler: app.requireSession,
    },
    async (request) => {
      const session = request.session!;
      const customer = await customerSummary(app.db, session.customerId, session.id);
      if (!customer) throw invalidToken();
      const credentials = issuedCredentials(request)!;
      return { customer, expires: credentials.expires, absoluteExpires: credentials.absoluteExpires };
    },
  );

  forgotRoutes(app, FORGOT_RATE);
}
