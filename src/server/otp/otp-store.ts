import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/db';
import type { SmsGateway } from '../sms/gateway';
import { OTP } from '../../shared/constants';
import type { IssueOtpInput, OtpChallenge, OtpService } from './otp-service';
import { otpErrors } from './otp-errors';

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
  /**
   * HMAC key for the stored codes. Set OTP_SECRET when several app servers share a database;
   * otherwise each process draws its own (codes then verify only on the server that issued them).
   */
  secret?: string;
}

/**
 * The OTP service on SQL. Every state change is one conditional UPDATE, so concurrent verifies of one
 * code consume it once. Call verify() outside an enclosing transaction that might roll back, or the
 * wrong-attempt count would roll back with it.
 */
export function createOtpService(opts: OtpServiceOptions): OtpService {
  const secret = opts.secret ?? process.env.OTP_SECRET ?? randomBytes(32).toString('hex');
  const hashCode = (requestId: string, code: string) =>
    createHmac('sha256', secret).update(`${requestId}:${code}`).digest('hex');
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
    const { rows } = await db.query<{ open: number }>(
      `SELECT count(*)::int AS open FROM customer_phones
        WHERE customer_id = $1 AND (frozen_until IS NULL OR frozen_until <= now())`,
      [customerId],
    );
    return (rows[0]?.open ?? 0) === 0 ? otpErrors.allFrozen() : otpErrors.frozen();
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
      const r = await load(db, requestId, customerId);
      if (r.cif_status === 'blocked') throw otpErrors.userBlocked();
      if (r.frozen) throw await frozenError(db, customerId);
      if (r.expired) throw otpErrors.expired();
      const expected = Buffer.from(r.code_hash, 'hex');
      const given = Buffer.from(hashCode(requestId, String(code)), 'hex');
      if (/^\d+$/.test(code) && timingSafeEqual(expected, given)) {
        const { rowCount } = await db.query(
          `UPDATE otp_requests SET consumed_at = now()
            WHERE request_id = $1 AND consumed_at IS NULL AND code_hash = $2 AND expires_at > now()`,
          [requestId, r.code_hash],
        );
        if (rowCount !== 1) throw otpErrors.expired();
        return;
      }
      const { rows } = await db.query<{ wrong_attempts: number }>(
        `UPDATE otp_requests SET wrong_attempts = wrong_attempts + 1,
                consumed_at = CASE WHEN wrong_attempts + 1 >= $2 THEN now() ELSE consumed_at END
          WHERE request_id = $1 AND consumed_at IS NULL
          RETURNING wrong_attempts`,
        [requestId, OTP.maxWrongAttempts],
      );
      const wrong = rows[0]?.wrong_attempts;
      if (wrong === undefined) throw otpErrors.expired();
      if (wrong >= OTP.maxWrongAttempts) {
        await db.query(
          `UPDATE customer_phones SET frozen_until = now() + make_interval(secs => $2) WHERE id = $1`,
          [r.phone_id, OTP.freezeMs / 1000],
        );
        throw await frozenError(db, customerId);
      }
      throw otpErrors.wrongCode(OTP.maxWrongAttempts - wrong);
    },

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
