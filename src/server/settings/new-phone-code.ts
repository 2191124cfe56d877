import { createHash, createHmac, randomInt, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/db';
import { ApiError } from '../http/api-error';
import { OTP } from '../../shared/constants';
import { maskPhone, otpSecret } from '../otp/otp-store';
import { otpErrors } from '../otp/otp-errors';
import type { FlowContext, Lookup } from '../transactions/contracts';

/**
 * A new mobile number is proved before it replaces the registered one, as banks do: a code is texted to
 * the NEW number (an earlier inquiry step's look-up) and typed back at the change's inquiry (after the
 * current password); the change is then verified by an OTP to the registered number, and its confirm
 * uses the proof up. So a mistyped number never becomes the customer's, and the number's owner took
 * part. Codes are stored as the OTP service stores its codes (an HMAC under the same key), expire as
 * OTPs do, die after OTP.maxWrongAttempts wrong tries, and at most NEW_PHONE_CODES_PER_DAY are sent per
 * customer in 24 hours (each is an SMS to a number the bank does not know yet), one per resend countdown,
 * however many requests come at once (claimCode).
 */

export const NEW_PHONE_CODES_PER_DAY = 5;
/** A typed code proves the number while the change's inquiry lives (15 minutes, INQUIRY_TTL_S). */
const PROOF_S = 15 * 60;

/** '08123456789', '628123456789' or '+628123456789' as '+628123456789'. */
export const normalPhone = (p: string) =>
  p.startsWith('+') ? p : p.startsWith('0') ? `+62${p.slice(1)}` : `+${p}`;

const refusal = (code: string, field: string, eng: [string, string], idn: [string, string]) =>
  new ApiError(
    422,
    'CLICKS',
    code,
    { titleEng: eng[0], titleIdn: idn[0], messageEng: eng[1], messageIdn: idn[1] },
    { [`/form/${field}`]: { eng: eng[1], idn: idn[1] } },
  );

const codeExpired = (field: string) =>
  refusal(
    'NEW_PHONE_CODE_EXPIRED',
    field,
    [
      'Code expired',
      'The code sent to the new number has expired or can no longer be used. Go back and continue to get a new one.',
    ],
    [
      'Kode kedaluwarsa',
      'Kode yang dikirim ke nomor baru sudah kedaluwarsa atau tidak dapat digunakan lagi. Kembali dan lanjutkan untuk mendapatkan kode baru.',
    ],
  );

const codeWrong = (field: string, left: number) =>
  refusal(
    'NEW_PHONE_CODE_WRONG',
    field,
    ['Wrong code', `The code is not correct. ${left} attempt${left === 1 ? '' : 's'} left.`],
    ['Kode salah', `Kode tidak benar. Sisa ${left} kali percobaan.`],
  );

/** A number already registered to the customer is no new number (the first one is the one changed). */
export async function refuseOwnNumber(db: Queryable, customerId: number, phone: string, field: string) {
  const { rows } = await db.query<{ first: boolean }>(
    `SELECT id = (SELECT min(id) FROM customer_phones WHERE customer_id = $1) AS first
       FROM customer_phones WHERE customer_id = $1 AND phone = $2`,
    [customerId, phone],
  );
  if (!rows[0]) return;
  if (rows[0].first)
    throw refusal(
      'SAME_AS_CURRENT',
      field,
      ['Nothing changed', 'The new value is the same as the current one.'],
      ['Tidak ada perubahan', 'Nilai baru sama dengan yang sekarang.'],
    );
  throw refusal(
    'PHONE_ALREADY_REGISTERED',
    field,
    ['Number already registered', 'This number is already one of your registered mobile numbers.'],
    ['Nomor sudah terdaftar', 'Nomor ini sudah menjadi salah satu nomor ponsel terdaftar Anda.'],
  );
}

async function codeHasher(db: Queryable) {
  const secret = await otpSecret(db);
  const keyId = createHash('sha256').update(`otp-key:${secret}`).digest('hex').slice(0, 8);
  return {
    keyId,
    hash: (requestId: string, code: string) =>
      `${keyId}:${createHmac('sha256', secret).update(`new-phone:${requestId}:${code}`).digest('hex')}`,
  };
}

const fieldOf = (params: Record<string, unknown>) =>
  typeof params.field === 'string' ? params.field : 'newMobileNumber';

/** Refused within the resend countdown and past the day's codes (each with its own error). */
async function refuseWhenLimited(db: Queryable, customerId: number): Promise<void> {
  const { rows } = await db.query<{ today: number; wait_s: number }>(
    `SELECT count(*)::int AS today,
            coalesce(ceil(extract(epoch FROM (max(created_at) + make_interval(secs => $2) - now()))), 0)::int AS wait_s
       FROM new_phone_codes WHERE customer_id = $1 AND created_at > now() - interval '24 hours'`,
    [customerId, OTP.resendCountdownS],
  );
  if (rows[0]!.today >= NEW_PHONE_CODES_PER_DAY) throw otpErrors.resendLimit();
  if (rows[0]!.wait_s > 0) throw otpErrors.resendTooSoon(rows[0]!.wait_s);
}

/**
 * Stores the code as the customer's next in sequence, in one statement that checks the countdown and
 * the day's codes itself: of requests at once, one row is made ((customer, seq) is unique, migration
 * 370: the others collide or find it) and only its SMS is sent.
 */
async function claimCode(
  db: Queryable,
  row: { requestId: string; customerId: number; phone: string; hash: string },
) {
  try {
    const { rows } = await db.query(
      `INSERT INTO new_phone_codes (request_id, customer_id, phone, code_hash, expires_at, seq)
       SELECT $1, $2, $3, $4, now() + make_interval(secs => $5), coalesce(max(seq), 0) + 1
         FROM new_phone_codes WHERE customer_id = $2
       HAVING count(*) FILTER (WHERE created_at > now() - interval '24 hours') < $6
          AND coalesce(max(created_at), '-infinity'::timestamptz) <= now() - make_interval(secs => $7)
       RETURNING id`,
      [
        row.requestId,
        row.customerId,
        row.phone,
        row.hash,
        OTP.ttlMs / 1000,
        NEW_PHONE_CODES_PER_DAY,
        OTP.resendCountdownS,
      ],
    );
    if (rows.length) return;
  } catch (err) {
    if ((err as { code?: string }).code !== '23505') throw err;
  }
  // Another request took this turn: refused as a resend within the countdown (or past the day's codes).
  await refuseWhenLimited(db, row.customerId);
  throw otpErrors.resendTooSoon(OTP.resendCountdownS);
}

/** Texts a code to the new number; refused within the resend countdown and past the day's codes. */
async function sendCode(ctx: FlowContext, field: string) {
  if (!ctx.sms) throw new Error('credential.newPhoneCode sends an SMS: give the step its gateway');
  const phone = normalPhone(String(ctx.form[field] ?? '').trim());
  await refuseOwnNumber(ctx.db, ctx.customerId, phone, field);
  await refuseWhenLimited(ctx.db, ctx.customerId);
  const { hash } = await codeHasher(ctx.db);
  const requestId = randomUUID();
  const code = String(randomInt(0, 10 ** OTP.digits)).padStart(OTP.digits, '0');
  await claimCode(ctx.db, { requestId, customerId: ctx.customerId, phone, hash: hash(requestId, code) });
  await ctx.sms.send(
    phone,
    `Kode ${code} untuk memverifikasi nomor ponsel baru Anda di internet banking. Berlaku ${OTP.ttlMs / 60_000} menit. ` +
      `JANGAN BERIKAN kode ini kepada siapa pun. / Code to verify your new mobile number. Never share this code.`,
    ctx.db,
  );
  return { codeSentTo: maskPhone(phone) };
}

/**
 * credential.newPhoneCode: `send: true` (the step that takes the new number) texts it a code;
 * `send: false` (the last step) only says where it went. params.field: the new number's field.
 */
export const credentialLookups = {
  'credential.newPhoneCode': (async (ctx, params) => {
    const field = fieldOf(params);
    if (params.send === true) return sendCode(ctx, field);
    return { codeSentTo: maskPhone(normalPhone(String(ctx.form[field] ?? '').trim())) };
  }) satisfies Lookup,
};

interface CodeRow {
  id: string;
  request_id: string;
  code_hash: string;
  wrong_attempts: number;
  live: boolean;
  proven: boolean;
}

/** The code typed for the new number (at inquiry, after the password): right, or refused on its field. */
export async function verifyNewPhoneCode(
  db: Queryable,
  customerId: number,
  phone: string,
  code: unknown,
  field = 'newPhoneCode',
): Promise<void> {
  const { rows } = await db.query<CodeRow>(
    `SELECT id, request_id, code_hash, wrong_attempts, expires_at > now() AS live,
            coalesce(verified_at > now() - make_interval(secs => $3), false) AS proven
       FROM new_phone_codes WHERE customer_id = $1 AND phone = $2 AND used_at IS NULL
      ORDER BY id DESC LIMIT 1`,
    [customerId, phone, PROOF_S],
  );
  const row = rows[0];
  const { keyId, hash } = await codeHasher(db);
  if (!row || (!row.live && !row.proven) || row.wrong_attempts >= OTP.maxWrongAttempts)
    throw codeExpired(field);
  // A code made under another OTP key cannot be checked here: no guess, a new code is needed.
  if (!row.code_hash.startsWith(`${keyId}:`)) throw codeExpired(field);
  if (typeof code === 'string' && /^\d+$/.test(code) && hash(row.request_id, code) === row.code_hash) {
    if (!row.proven) await db.query('UPDATE new_phone_codes SET verified_at = now() WHERE id = $1', [row.id]);
    return;
  }
  const { rows: counted } = await db.query<{ wrong_attempts: number }>(
    `UPDATE new_phone_codes SET wrong_attempts = wrong_attempts + 1, verified_at = NULL
      WHERE id = $1 AND used_at IS NULL RETURNING wrong_attempts`,
    [row.id],
  );
  const left = OTP.maxWrongAttempts - (counted[0]?.wrong_attempts ?? OTP.maxWrongAttempts);
  if (left <= 0) throw codeExpired(field);
  throw codeWrong(field, left);
}

/** At confirm, in its transaction: the proof of the new number, used up; refused when it lapsed. */
export async function spendPhoneProof(
  tx: Queryable,
  customerId: number,
  phone: string,
  field = 'newPhoneCode',
) {
  const { rows } = await tx.query(
    `UPDATE new_phone_codes SET used_at = now()
      WHERE id = (SELECT id FROM new_phone_codes WHERE customer_id = $1 AND phone = $2 AND used_at IS NULL
                   ORDER BY id DESC LIMIT 1)
        AND verified_at > now() - make_interval(secs => $3)
      RETURNING id`,
    [customerId, phone, PROOF_S],
  );
  if (!rows.length) throw codeExpired(field);
}
