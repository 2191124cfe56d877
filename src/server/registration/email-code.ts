import type { FastifyInstance } from 'fastify';
import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/db';
import { hashSecret } from '../auth/password';
import { otpErrors } from '../otp/otp-errors';
import { OTP } from '../../shared/constants';
import { registrationErrors as E } from './errors';
import type { SessionRow } from './sessions';

/** Wrong codes allowed on one e-mail code; codes sent in one registration. */
export const EMAIL_MAX_ATTEMPTS = 3;
const EMAIL_MAX_SENDS = 4;

/** Sends the registration's e-mail verification code (stored hashed), once a countdown allows. */
export async function sendEmailCode(sms: FastifyInstance['sms'], tx: Queryable, session: SessionRow) {
  const draft = session.draft;
  const sends = draft.emailSends ?? 0;
  if (sends >= EMAIL_MAX_SENDS) throw otpErrors.resendLimit();
  if (session.email_code_hash && session.email_wait_ms > 0)
    throw E.resendTooSoon(Math.ceil(session.email_wait_ms / 1000));
  const code = String(randomInt(0, 10 ** OTP.digits)).padStart(OTP.digits, '0');
  await tx.query(
    `UPDATE registration_sessions
        SET step = 'email_sent', email_code_hash = $2, email_attempts = 0,
            email_code_expires_at = now() + make_interval(secs => $3), draft = $4
      WHERE id = $1`,
    [
      session.id,
      await hashSecret(code),
      OTP.resendCountdownS,
      JSON.stringify({ ...draft, emailSends: sends + 1 }),
    ],
  );
  // The demo outbox doubles as the mailbox; a real bank plugs its e-mail gateway in here.
  await sms.send(
    draft.email!,
    `Kode verifikasi email Anda: ${code}. Your e-mail verification code: ${code}.`,
    tx,
  );
  return {
    email: draft.email!,
    resendAvailableAt: new Date(Date.now() + OTP.resendCountdownS * 1000).toISOString(),
  };
}
