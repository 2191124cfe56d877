import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Queryable } from '../db/db';
import { ApiError } from '../http/api-error';
import { checkRegistration, clientDataOf, registrationOptions } from './ceremony';
import { relyingParty } from './config';
import { passkeyErrors } from './errors';
import { tellPasskeyAdded, tellPasskeysRemoved } from './notices';
import { attestationSchema } from './schemas';
import {
  MAX_PASSKEYS,
  challengeByText,
  insertCredential,
  listPasskeys,
  randomChallenge,
  removePasskeys,
  renamePasskey,
  settleReview,
  storeChallenge,
  useChallenge,
  usableCredentials,
} from './store';
import { whereOf } from './where';
import { rowIdSchema } from '../http/common-schemas';

/**
 * Settings > Passkeys (/settings/passkeys/): the list with where and when each was last used, rename,
 * and, each after an OTP step-up in this session (as credential changes are verified by an OTP to the
 * registered number), enrol a new one or remove some. A step-up is good for one change, for 10 minutes.
 */

const STEP_UP_TTL_MS = 10 * 60_000;

const obj = (properties: Record<string, unknown>, required: string[] = Object.keys(properties)) => ({
  type: 'object',
  additionalProperties: false,
  properties,
  required,
});
const name = { type: 'string', minLength: 1, maxLength: 40, pattern: '\\S' };
const id = rowIdSchema;
const ids = { type: 'array', minItems: 1, maxItems: 20, items: id };
const otpBody = {
  requestId: { type: 'string', minLength: 1, maxLength: 64 },
  otp: { type: 'string', pattern: '^[0-9]{6}$' },
};

/** The user handle a passkey keeps: not the user id, and the same for all of a customer's passkeys. */
const userHandle = (customerId: number) =>
  new Uint8Array(createHash('sha256').update(`octo-passkey-user:${customerId}`).digest().subarray(0, 16));

function sessionOf(request: FastifyRequest) {
  const s = request.session;
  if (!s) throw new Error('authenticated route reached without a session');
  return { customerId: s.customerId, sessionId: s.id };
}

export default async function passkeySettingsRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const authed = { preHandler: app.requireSession };
  const route = (summary: string, body: Record<string, unknown>) => ({
    ...authed,
    schema: { tags: ['passkeys'], summary, security: [{ bearer: [] }], body },
  });

  /** A step-up passed in this session for `action`, not used yet (consumed by the change it allows). */
  async function takeStepUp(
    tx: Queryable,
    who: { customerId: number; sessionId: number },
    action: 'enrol' | 'remove',
    consume: boolean,
  ): Promise<void> {
    const sql = consume
      ? `DELETE FROM passkey_step_ups WHERE otp_request_id = (
           SELECT otp_request_id FROM passkey_step_ups
            WHERE customer_id = $1 AND session_id = $2 AND action = $3 AND passed_at IS NOT NULL
              AND passed_at > now() - $4::int * interval '1 millisecond'
            ORDER BY passed_at DESC LIMIT 1) RETURNING 1`
      : `SELECT 1 FROM passkey_step_ups
          WHERE customer_id = $1 AND session_id = $2 AND action = $3 AND passed_at IS NOT NULL
            AND passed_at > now() - $4::int * interval '1 millisecond'`;
    const { rows } = await tx.query(sql, [who.customerId, who.sessionId, action, STEP_UP_TTL_MS]);
    if (!rows.length) throw passkeyErrors.stepUpRequired();
  }

  app.post(
    '/api/passkeys/v1/list',
    route("The customer's passkeys: name, added, last used when and where, synced, blocked", obj({})),
    async (request) => {
      const { customerId } = sessionOf(request);
      const passkeys = await listPasskeys(db, customerId);
      return { passkeys, reviewAsked: passkeys.some((p) => p.reviewAsked) };
    },
  );

  app.post(
    '/api/passkeys/v1/step-up',
    route(
      'Sends an OTP to the first phone not frozen, to enrol or remove a passkey',
      obj({ action: { type: 'string', enum: ['enrol', 'remove'] } }),
    ),
    async (request) => {
      const who = sessionOf(request);
      const { action } = request.body as { action: 'enrol' | 'remove' };
      const phone = (await app.otp.phones(db, who.customerId)).find((p) => !p.frozenUntil);
      if (!phone)
        throw new ApiError(403, 'CLICKS', 'OTP_ALL_FROZEN', {
          titleEng: 'OTP not available',
          titleIdn: 'OTP tidak tersedia',
          messageEng: 'None of your phones can receive an OTP now. Please call 14041.',
          messageIdn: 'Tidak ada ponsel Anda yang dapat menerima OTP saat ini. Silakan hubungi 14041.',
        });
      return db.transaction(async (tx) => {
        const otp = await app.otp.issue(tx, {
          customerId: who.customerId,
          phoneId: phone.phoneId,
          purpose: `passkey.${action}`,
          context: action === 'enrol' ? 'untuk menambah passkey' : 'untuk menghapus passkey',
        });
        await tx.query(
          `INSERT INTO passkey_step_ups (otp_request_id, customer_id, session_id, action) VALUES ($1, $2, $3, $4)`,
          [otp.requestId, who.customerId, who.sessionId, action],
        );
        return otp;
      });
    },
  );

  app.post(
    '/api/passkeys/v1/step-up/verify',
    route('Checks the step-up OTP: the enrolment or removal it was asked for may follow', obj(otpBody)),
    async (request) => {
      const who = sessionOf(request);
      const body = request.body as { requestId: string; otp: string };
      const { rows } = await db.query<{ action: string }>(
        `SELECT action FROM passkey_step_ups WHERE otp_request_id = $1 AND customer_id = $2 AND session_id = $3`,
        [body.requestId, who.customerId, who.sessionId],
      );
      if (!rows[0]) throw passkeyErrors.stepUpRequired();
      // Outside a transaction: a wrong code's attempt count must stick.
      await app.otp.verify(db, body.requestId, who.customerId, body.otp);
      await db.query('UPDATE passkey_step_ups SET passed_at = now() WHERE otp_request_id = $1', [
        body.requestId,
      ]);
      return { passed: true, action: rows[0].action };
    },
  );

  app.post(
    '/api/passkeys/v1/register/options',
    route(
      'Options to create a passkey (discoverable, user verification required); after the step-up',
      obj({}),
    ),
    async (request) => {
      const who = sessionOf(request);
      await takeStepUp(db, who, 'enrol', false);
      const mine = await listPasskeys(db, who.customerId);
      if (mine.length >= MAX_PASSKEYS) throw passkeyErrors.tooMany();
      const { rows } = await db.query<{ user_id: string; full_name: string; display_name: string | null }>(
        'SELECT user_id, full_name, display_name FROM customers WHERE id = $1',
        [who.customerId],
      );
      const c = rows[0]!;
      const challenge = randomChallenge();
      const { expiresAt } = await storeChallenge(db, {
        purpose: 'register',
        challenge,
        customerId: who.customerId,
        sessionId: who.sessionId,
      });
      const options = await registrationOptions(
        relyingParty(),
        { handle: userHandle(who.customerId), name: c.user_id, displayName: c.display_name || c.full_name },
        challenge,
        await usableCredentials(db, who.customerId),
      );
      return { options, expiresAt };
    },
  );

  app.post(
    '/api/passkeys/v1/register',
    route(
      'Keeps the new passkey under its name; alerted by e-mail and in the mailbox',
      obj({ name, response: attestationSchema }),
    ),
    async (request) => {
      const who = sessionOf(request);
      const body = request.body as { name: string; response: RegistrationResponseJSON };
      const row = await challengeByText(db, clientDataOf(body.response).challenge);
      if (!row || row.purpose !== 'register' || row.sessionId !== who.sessionId)
        throw passkeyErrors.expired();
      if (row.used) throw passkeyErrors.replayed();
      if (row.expired) throw passkeyErrors.expired();
      const created = await checkRegistration(relyingParty(), body.response, row.challenge);
      const where = whereOf(request);
      const label = body.name.trim();
      const passkey = await db.transaction(async (tx) => {
        if (!(await useChallenge(tx, row.id, null))) throw passkeyErrors.replayed();
        await takeStepUp(tx, who, 'enrol', true);
        const { rows: known } = await tx.query('SELECT 1 FROM passkey_credentials WHERE credential_id = $1', [
          created.credentialId,
        ]);
        if (known.length) throw passkeyErrors.replayed();
        const kept = await insertCredential(tx, who.customerId, created, label, where);
        await tellPasskeyAdded(tx, who.customerId, label, where);
        return kept;
      });
      return { passkey };
    },
  );

  app.post(
    '/api/passkeys/v1/rename',
    route('Renames one of the customer passkeys', obj({ id, name })),
    async (request) => {
      const { customerId } = sessionOf(request);
      const body = request.body as { id: number; name: string };
      await renamePasskey(db, customerId, body.id, body.name.trim());
      return { passkeys: await listPasskeys(db, customerId) };
    },
  );

  app.post(
    '/api/passkeys/v1/remove',
    route('Removes passkeys of the customer; after the step-up; alerted', obj({ ids })),
    async (request) => {
      const who = sessionOf(request);
      const body = request.body as { ids: number[] };
      await db.transaction(async (tx) => {
        await takeStepUp(tx, who, 'remove', true);
        const names = await removePasskeys(tx, who.customerId, body.ids);
        if (!names.length) throw passkeyErrors.notFound();
        await tellPasskeysRemoved(tx, who.customerId, names);
      });
      return { passkeys: await listPasskeys(db, who.customerId) };
    },
  );

  app.post(
    '/api/passkeys/v1/review',
    route(
      'After a password reset or credential change: the passkeys to keep; the others are removed (alerted)',
      obj({ keep: { type: 'array', maxItems: 20, items: id } }),
    ),
    async (request) => {
      const { customerId } = sessionOf(request);
      const { keep } = request.body as { keep: number[] };
      await db.transaction(async (tx) => {
        const names = await settleReview(tx, customerId, keep);
        await tellPasskeysRemoved(tx, customerId, names);
      });
      return { passkeys: await listPasskeys(db, customerId) };
    },
  );
}
