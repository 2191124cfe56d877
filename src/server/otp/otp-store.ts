import { createHash, createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/db';
import type { SmsGateway } from '../sms/gateway';
import { OTP } from '../../shared/constants';
import type { IssueOtpInput, OtpChallenge, OtpService } from './otp-service';
import { otpErrors, otpOutcomeError, type OtpOutcome } from './otp-errors';

/** The spec gives no number; the approval request allows 3 resends, and so does the OTP. */
export const OTP_MAX_RESENDS = 3;

/** "+6281234567890" -> "+62812****7890". */
export function maskPhone(phone: string): string {
  if (phone.length <= 8) return phone.replace(/.(?=.{2})/g, '*');
  return phone.slice(0, 6) + '*'.repeat(Math.max(4, phone.length - 10)) + phone.slice(-4);
}

interface RequestRow {
  request_id: string;
  customer_id: number;
  phone_id: number;
  phone: string;
  purpose: string;
  context: string | null;
  ref_number: string;
  code_hash: string;
  expires_at: Date | string;
  resend_available_at: Date | string;
  resends: number;
  wrong_attempts: number;
  consumed_at: Date | string | null;
  frozen: boolean;
  expired: boolean;
  wait_ms: number;
  cif_status: string;
}

const REF_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

export interface OtpServiceOptions {
  sms: SmsGateway;
  /** HMAC key for the stored codes (otpSecret() finds the one every app server and restart shares). */
  secret: string;
}

/**
 * The OTP codes' HMAC key: OTP_SECRET when set (keep it in the deployment's secret store), otherwise
 * one drawn on the first start and kept in the database (auth_secrets; in the embedded mode that is
 * the data folder), so every app server and every restart checks the codes the others sent.
 */
export async function otpSecret(db: Queryable): Promise<string> {
  if (process.env.OTP_SECRET) return process.env.OTP_SECRET;
  await db.query(
    `INSERT INTO auth_secrets (name, value) VALUES ('otp_hmac_key', $1) ON CONFLICT (name) DO NOTHING`,
    [randomBytes(32).toString('hex')],
  );
  const { rows } = await db.query<{ value: string }>(
    `SELECT value FROM auth_secrets WHERE name = 'otp_hmac_key'`,
  );
  return rows[0]!.value;
}

/**
 * The OTP service on SQL. Every state change is one conditional UPDATE, so concurrent verifies of one
 * code consume it once; a verify is one call of the database's otp_check(). Call verify() outside an
 * enclosing transaction that might roll back, or the wrong-attempt count would roll back with it.
 */
export function createOtpService(opts: OtpServiceOptions): OtpService {
  const secret = opts.secret;
  // Stored codes name the key they were made with ('keyid:hmac'): a code made under another key (the
  // secret was changed) cannot be checked here, and the database's otp_check() then answers expired
  // instead of counting a wrong attempt.
  const keyId = createHash('sha256').update(`otp-key:${secret}`).digest('hex').slice(0, 8);
  const hashCode = (requestId: string, code: string) =>
    `${keyId}:${createHmac('sha256', secret).update(`${requestId}:${code}`).digest('hex')}`;
  const codeHash = (requestId: string, code: string) =>
    /^\d+$/.test(code) ? hashCode(requestId, code) : `${keyId}:not-a-code`;
  const newCode = () => String(randomInt(0, 10 ** OTP.digits)).padStart(OTP.digits, '0');
  const newRef = () =>
    Array.from({ length: 4 }, () => REF_LETTERS[randomInt(0, REF_LETTERS.length)]).join('');
  const smsText = (code: string, ref: string, context: string | null) =>
    `Kode OTP ${code} (Ref ${ref})${context ? ` untuk ${context}` : ''}. Berlaku ${OTP.ttlMs / 60_000} menit. ` +
    `JANGAN BERIKAN kode ini kepada siapa pun. / Never share this code.`;

  async function customerStatus(db: Queryable, customerId: number): Promise<string | undefined> {
    const { rows } = await db.query<{ cif_status: string }>(
      'SELECT cif_status FROM customers WHERE id = $1',
      [customerId],
    );
    return rows[0]?.cif_status;
  }

  async function frozenError(db: Queryable, customerId: number) {
    const { rows } = await db.query<{ outcome: 'frozen' | 'all_frozen' }>(
      'SELECT otp_frozen_outcome($1) AS outcome',
      [customerId],
    );
    return otpOutcomeError(rows[0]!.outcome, null)!;
  }

  async function load(db: Queryable, requestId: string, customerId: number): Promise<RequestRow> {
    const { rows } = await db.query<RequestRow>(
      `SELECT r.*, p.phone, c.cif_status,
              coalesce(p.frozen_until > now(), false) AS frozen,
              (r.consumed_at IS NOT NULL OR r.expires_at <= now()) AS expired,
              greatest(0, extract(epoch FROM (r.resend_available_at - now())) * 1000)::int AS wait_ms
         FROM otp_requests r
         JOIN customer_phones p ON p.id = r.phone_id
         JOIN customers c ON c.id = r.customer_id
        WHERE r.request_id = $1 AND r.customer_id = $2`,
      [requestId, customerId],
    );
    const row = rows[0];
    if (!row) throw otpErrors.notFound();
    return row;
  }

  const challenge = (r: {
    request_id: string;
    ref_number: string;
    phone_id: number;
    phone: string;
    expires_at: Date | string;
    resend_available_at: Date | string;
    resends: number;
  }): OtpChallenge => ({
    requestId: r.request_id,
    refNumber: r.ref_number,
    phoneId: Number(r.phone_id),
    maskedPhone: maskPhone(r.phone),
    expiresAt: new Date(r.expires_at).toISOString(),
    resendAvailableAt: new Date(r.resend_available_at).toISOString(),
    resendsLeft: OTP_MAX_RESENDS - r.resends,
  });

  return {
    async issue(db, input: IssueOtpInput) {
      const status = await customerStatus(db, input.customerId);
      if (status === 'blocked') throw otpErrors.userBlocked();
      const { rows: phones } = await db.query<{ phone: string; frozen: boolean }>(
        `SELECT phone, coalesce(frozen_until > now(), false) AS frozen
           FROM customer_phones WHERE id = $1 AND customer_id = $2`,
        [input.phoneId, input.customerId],
      );
      const phone = phones[0];
      if (!phone) throw otpErrors.phoneNotFound();
      if (phone.frozen) throw await frozenError(db, input.customerId);
      const requestId = randomUUID();
      const code = newCode();
      const ref = newRef();
      const { rows } = await db.query<RequestRow>(
        `INSERT INTO otp_requests (request_id, customer_id, phone_id, purpose, context, ref_number, code_hash,
                                   expires_at, resend_available_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8), now() + make_interval(secs => $9))
         RETURNING *`,
        [
          requestId,
          input.customerId,
          input.phoneId,
          input.purpose,
          input.context ?? null,
          ref,
          hashCode(requestId, code),
          OTP.ttlMs / 1000,
          OTP.resendCountdownS,
        ],
      );
      await opts.sms.send(phone.phone, smsText(code, ref, input.context ?? null), db);
      return challenge({ ...rows[0]!, phone: phone.phone });
    },

    async resend(db, requestId, customerId) {
      const r = await load(db, requestId, customerId);
      if (r.cif_status === 'blocked') throw otpErrors.userBlocked();
      if (r.frozen) throw await frozenError(db, customerId);
      if (r.consumed_at) throw otpErrors.expired();
      if (r.resends >= OTP_MAX_RESENDS) throw otpErrors.resendLimit();
      if (r.wait_ms > 0) throw otpErrors.resendTooSoon(Math.ceil(r.wait_ms / 1000));
      const code = newCode();
      const ref = newRef();
      const { rows } = await db.query<RequestRow>(
        `UPDATE otp_requests
            SET code_hash = $2, ref_number = $3, resends = resends + 1,
                expires_at = now() + make_interval(secs => $4),
                resend_available_at = now() + make_interval(secs => $5)
          WHERE request_id = $1 AND consumed_at IS NULL AND resends < $6 AND resend_available_at <= now()
          RETURNING *`,
        [requestId, hashCode(requestId, code), ref, OTP.ttlMs / 1000, OTP.resendCountdownS, OTP_MAX_RESENDS],
      );
      // Lost a race with another resend of the same request.
      if (!rows[0]) throw otpErrors.resendTooSoon(OTP.resendCountdownS);
      await opts.sms.send(r.phone, smsText(code, ref, r.context), db);
      return challenge({ ...rows[0], phone: r.phone });
    },

    async verify(db, requestId, customerId, code) {
      const { rows } = await db.query<{ outcome: OtpOutcome; attempts_left: number | null }>(
        'SELECT * FROM otp_check($1, $2, $3, $4, $5, true)',
        [requestId, customerId, codeHash(requestId, code), OTP.maxWrongAttempts, OTP.freezeMs / 1000],
      );
      const refused = otpOutcomeError(rows[0]!.outcome, rows[0]!.attempts_left);
      if (refused) throw refused;
    },

    codeHash,

    async phones(db, customerId) {
      const { rows } = await db.query<{ id: number; phone: string; frozen_until: Date | string | null }>(
        `SELECT id, phone, CASE WHEN frozen_until > now() THEN frozen_until END AS frozen_until
           FROM customer_phones WHERE customer_id = $1 ORDER BY id`,
        [customerId],
      );
      return rows.map((p) => ({
        phoneId: Number(p.id),
        maskedPhone: maskPhone(p.phone),
        frozenUntil: p.frozen_until ? new Date(p.frozen_until).toISOString() : null,
      }));
    },
  };
}
