import type { FastifyInstance } from 'fastify';
import { isLocked, failureKey } from '../auth/failures';
import { challengeFor, completeLogin, openChallenge } from '../auth/login';
import { LOGIN_RATE } from '../auth/routes';
import { browserIdOf } from '../auth/session-plugin';
import { loginLocked, rateLimited } from '../auth/texts';
import { otpErrors } from '../otp/otp-errors';
import { registerRateLimit } from '../http/rate-limit-store';
import {
  authenticationOptions,
  checkAssertion,
  clientDataOf,
  type AuthenticationResponseJSON,
} from './ceremony';
import { relyingParty } from './config';
import { passkeyErrors } from './errors';
import { assertionSchema } from './schemas';
import {
  challengeByText,
  credentialById,
  flagCloned,
  markUsed,
  randomChallenge,
  storeChallenge,
  useChallenge,
} from './store';
import { whereOf } from './where';

/**
 * Sign in with a passkey (/login/): instead of the user id, secure word and password, a discoverable
 * passkey of this site, its user verification required. What follows is the password login's: the FDS
 * challenge for customers flagged for it and the BDS challenge on a browser new to them (an OTP), then
 * the same web session. A locked user id stays locked (LOGIN_LOCKED): the lock's own way back (a known
 * browser's password and an OTP) is unchanged, and a blocked CIF is refused as at the password. Rate
 * limited as the login is (per IP, LOGIN_RATE); a refused passkey does not count on the lock (it is no
 * guess at a secret), and a counter that did not move blocks the passkey.
 */
export default async function passkeyLoginRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  await registerRateLimit(app, { errorResponseBuilder: () => rateLimited() });

  app.post(
    '/api/v1/login/passkey/options',
    {
      schema: {
        tags: ['auth'],
        summary: 'Options to sign in with a passkey (any of this site, user verification required)',
        body: { type: 'object', additionalProperties: false, properties: {} },
      },
      config: { rateLimit: LOGIN_RATE },
    },
    async (request) => {
      const challenge = randomChallenge();
      const { expiresAt } = await storeChallenge(db, {
        purpose: 'login',
        challenge,
        browserId: browserIdOf(request),
      });
      return { options: await authenticationOptions(relyingParty(), challenge), expiresAt };
    },
  );

  app.post(
    '/api/v1/login/passkey',
    {
      schema: {
        tags: ['auth'],
        summary: 'Signs in with a passkey: then the FDS or BDS challenge where the password login has one',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['response'],
          properties: { response: assertionSchema },
        },
      },
      config: { rateLimit: LOGIN_RATE },
    },
    async (request) => {
      const { response } = request.body as { response: AuthenticationResponseJSON };
      const browserId = browserIdOf(request);
      const credential = await credentialById(db, response.id);
      if (credential.flagged) throw passkeyErrors.cloned();
      if (credential.underReview) throw passkeyErrors.underReview();
      const row = await challengeByText(db, clientDataOf(response).challenge);
      if (!row || row.purpose !== 'login' || row.browserId !== browserId) throw passkeyErrors.expired();
      if (row.used) throw passkeyErrors.replayed();
      if (row.expired) throw passkeyErrors.expired();
      const check = await checkAssertion(relyingParty(), response, row.challenge, credential);
      if (check.cloned) {
        await flagCloned(db, credential.id);
        throw passkeyErrors.cloned();
      }
      const { rows } = await db.query<{
        id: string | number;
        user_id: string;
        cif_status: string;
        login_challenge: 'fds' | 'bds' | null;
      }>('SELECT id, user_id, cif_status, login_challenge FROM customers WHERE id = $1', [
        credential.customerId,
      ]);
      const customer = rows[0];
      if (!customer) throw passkeyErrors.unknown();
      const customerId = Number(customer.id);
      if (await isLocked(db, failureKey('login', customer.user_id))) throw loginLocked();
      if (customer.cif_status === 'blocked') throw otpErrors.userBlocked();
      await db.transaction(async (tx) => {
        if (!(await useChallenge(tx, row.id, credential.id))) throw passkeyErrors.replayed();
        await markUsed(tx, credential.id, check.newCounter, whereOf(request));
      });
      const kind = await challengeFor(
        db,
        {
          id: customerId,
          cif_status: customer.cif_status,
          login_challenge: customer.login_challenge,
          password_hash: '',
        },
        browserId,
      );
      if (kind) return openChallenge(app, customerId, kind, browserId);
      return completeLogin(app, request, customerId, browserId);
    },
  );
}
