import type { Queryable } from '../db/db';
import type { ServiceExecutor, ServiceRequestContext } from '../transactions/contracts';
import { ApiError } from '../http/api-error';
import { maskEmail, maskPhone } from './routes';
import { verifySecret } from '../auth/password';
import { reauthenticate } from './reauth';
import { normalPhone, refuseOwnNumber, spendPhoneProof, verifyNewPhoneCode } from './new-phone-code';
import { askPasskeyReview } from '../passkeys/notices';
import { askDeviceReview, devicesNamed } from '../approvals/device-review';

/**
 * Changes of what identifies the customer (e-mail, mobile number, user ID, secure word, password) as
 * verified flows (issue 21 item 9). Each asks for the current password first (reauth.ts: wrong ones
 * count as the login's do), is refused when it equals the current value or breaks the spec's rules
 * (section 5), and is verified by an OTP to the registered number only (the flows offer no app
 * approval: README, security stance); a new mobile number is proved by a code sent to it too
 * (new-phone-code.ts). Once changed, every other session of the customer is ended, so whoever else was
 * logged in must log in again.
 */

type What = 'email' | 'mobile' | 'userId' | 'secureWord' | 'password';

const refusal = (code: string, field: string, eng: [string, string], idn: [string, string]) =>
  new ApiError(
    422,
    'CLICKS',
    code,
    { titleEng: eng[0], titleIdn: idn[0], messageEng: eng[1], messageIdn: idn[1] },
    { [`/form/${field}`]: { eng: eng[1], idn: idn[1] } },
  );

const FIELD: Record<What, string> = {
  email: 'newEmail',
  mobile: 'newMobileNumber',
  userId: 'newUserId',
  secureWord: 'newSecureWord',
  password: 'newPassword',
};

const sameAsNow = (field: string) =>
  refusal(
    'SAME_AS_CURRENT',
    field,
    ['Nothing changed', 'The new value is the same as the current one.'],
    ['Tidak ada perubahan', 'Nilai baru sama dengan yang sekarang.'],
  );

interface Current {
  userId: string | null;
  email: string | null;
  secureWord: string | null;
  phoneId: number | null;
  phone: string | null;
}

async function current(db: Queryable, customerId: number, lock = false): Promise<Current> {
  const { rows } = await db.query<{
    user_id: string | null;
    email: string | null;
    secure_word: string | null;
  }>(`SELECT user_id, email, secure_word FROM customers WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [
    customerId,
  ]);
  const { rows: phones } = await db.query<{ id: string; phone: string }>(
    'SELECT id, phone FROM customer_phones WHERE customer_id = $1 ORDER BY id LIMIT 1',
    [customerId],
  );
  const c = rows[0]!;
  return {
    userId: c.user_id,
    email: c.email,
    secureWord: c.secure_word,
    phoneId: phones[0] ? Number(phones[0].id) : null,
    phone: phones[0]?.phone ?? null,
  };
}

const whatOf = (ctx: ServiceRequestContext): What =>
  (['email', 'mobile', 'userId', 'secureWord', 'password'] as const).find((w) => w === ctx.params.what) ??
  'email';

const PASSWORD_TEXT = { eng: 'Password', idn: 'Kata sandi' };

/**
 * A new password, checked in clear at inquiry (its fields are secret: the stored inquiry keeps only
 * their hashes), after the current one (reauthenticate); the new one follows spec section 5 beyond its
 * form schema: not the current one, typed twice, neither containing the user ID nor the secure word.
 */
async function checkPassword(db: Queryable, ctx: ServiceRequestContext) {
  const { newPassword, confirmPassword } = ctx.form as Record<string, string>;
  const now = await current(db, ctx.customerId);
  const hash = await reauthenticate(db, ctx.customerId, ctx.form.currentPassword);
  const lower = String(newPassword).toLowerCase();
  if (
    (now.userId && lower.includes(now.userId.toLowerCase())) ||
    (now.secureWord && lower.includes(now.secureWord.toLowerCase()))
  )
    throw refusal(
      'PASSWORD_CONTAINS_CREDENTIAL',
      'newPassword',
      ['Password not accepted', 'The password cannot contain your user ID or secure word.'],
      ['Kata sandi tidak diterima', 'Kata sandi tidak boleh memuat user ID atau kata aman Anda.'],
    );
  if (await verifySecret(hash, String(newPassword)))
    throw refusal(
      'PASSWORD_SAME_AS_OLD',
      'newPassword',
      ['Password not changed', 'The new password must be different from your current one.'],
      ['Kata sandi tidak diubah', 'Kata sandi baru harus berbeda dari kata sandi Anda saat ini.'],
    );
  if (confirmPassword !== newPassword)
    throw refusal(
      'PASSWORD_MISMATCH',
      'confirmPassword',
      ['Passwords do not match', 'The confirmation does not match the new password.'],
      ['Kata sandi tidak cocok', 'Konfirmasi tidak sama dengan kata sandi baru.'],
    );
  return { userId: now.userId ?? '', newValue: PASSWORD_TEXT };
}

/** The change asked for, checked; details show it masked where it is a contact. */
async function change(db: Queryable, ctx: ServiceRequestContext, lock = false) {
  const what = whatOf(ctx);
  const field = FIELD[what];
  const raw = String(ctx.form[field] ?? '').trim();
  const now = await current(db, ctx.customerId, lock);
  if (what === 'email') {
    if (raw.toLowerCase() === (now.email ?? '').toLowerCase()) throw sameAsNow(field);
    return { what, field, value: raw, details: { newValue: maskEmail(raw) } };
  }
  if (what === 'mobile') {
    const phone = normalPhone(raw);
    await refuseOwnNumber(db, ctx.customerId, phone, field);
    return { what, field, value: phone, details: { newValue: maskPhone(phone) } };
  }
  if (what === 'userId') {
    if (raw.toLowerCase() === (now.userId ?? '').toLowerCase()) throw sameAsNow(field);
    const { rows } = await db.query('SELECT 1 FROM customers WHERE lower(user_id) = lower($1) AND id <> $2', [
      raw,
      ctx.customerId,
    ]);
    if (rows.length > 0)
      throw refusal(
        'USER_ID_TAKEN',
        field,
        ['User ID not available', 'This user ID is already used. Please choose another.'],
        ['User ID tidak tersedia', 'User ID ini sudah digunakan. Silakan pilih yang lain.'],
      );
    return { what, field, value: raw, details: { newValue: raw } };
  }
  if (raw === now.secureWord) throw sameAsNow(field);
  if (now.userId && raw.toLowerCase() === now.userId.toLowerCase())
    throw refusal(
      'SECURE_WORD_EQUALS_USER_ID',
      field,
      ['Secure word not accepted', 'The secure word cannot be the same as your user ID.'],
      ['Kata aman tidak diterima', 'Kata aman tidak boleh sama dengan user ID Anda.'],
    );
  return { what, field, value: raw, details: { newValue: raw } };
}

/** Ends every session of the customer but the one that confirmed this change. */
async function endOtherSessions(tx: Queryable, customerId: number, journalId: number): Promise<number> {
  const { rowCount } = await tx.query(
    `UPDATE sessions SET ended_at = now(), end_reason = 'credential_changed'
      WHERE customer_id = $1 AND ended_at IS NULL
        AND id IS DISTINCT FROM (SELECT i.session_id FROM journal j JOIN transaction_inquiries i ON i.id = j.inquiry_id WHERE j.id = $2)`,
    [customerId, journalId],
  );
  return rowCount ?? 0;
}

/** credential.change: params.what is "email", "mobile", "userId", "secureWord" or "password". */
const changeCredential: ServiceExecutor = {
  async check(db, ctx) {
    if (whatOf(ctx) === 'password') return checkPassword(db, ctx);
    await reauthenticate(db, ctx.customerId, ctx.form.currentPassword);
    const c = await change(db, ctx);
    if (c.what === 'mobile') await verifyNewPhoneCode(db, ctx.customerId, c.value, ctx.form.newPhoneCode);
    return c.details;
  },
  async apply(tx, ctx) {
    // The customer's passkeys and companion-app devices are listed in an alert (the devices on the
    // receipt too) and kept only once they choose to (Settings).
    await askPasskeyReview(tx, ctx.customerId, 'change');
    const devices = await askDeviceReview(tx, ctx.customerId, 'change');
    const done = whatOf(ctx) === 'password' ? await applyPassword(tx, ctx) : await applyChange(tx, ctx);
    return { ...done, ...(devices.length ? { devicesToReview: devicesToReview(devices) } : {}) };
  },
};

/** What the receipt says of the devices waiting for review. */
function devicesToReview(devices: Parameters<typeof devicesNamed>[0]) {
  const list = devicesNamed(devices);
  return {
    eng: `${list.eng}: none approves transactions until you keep it in Settings > Companion app`,
    idn: `${list.idn}: tidak ada yang dapat menyetujui transaksi sampai Anda menyimpannya di Pengaturan > Aplikasi pendamping`,
  };
}

/** An e-mail, mobile number, user ID or secure word changed, every other session ended. */
async function applyChange(tx: Queryable, ctx: ServiceRequestContext & { journalId: number }) {
  const c = await change(tx, ctx, true);
  if (c.what === 'mobile') await spendPhoneProof(tx, ctx.customerId, c.value);
  if (c.what === 'email')
    await tx.query('UPDATE customers SET email = $2 WHERE id = $1', [ctx.customerId, c.value]);
  else if (c.what === 'userId')
    await tx.query('UPDATE customers SET user_id = $2 WHERE id = $1', [ctx.customerId, c.value]);
  else if (c.what === 'secureWord')
    await tx.query('UPDATE customers SET secure_word = $2 WHERE id = $1', [ctx.customerId, c.value]);
  else {
    const now = await current(tx, ctx.customerId);
    if (now.phoneId === null)
      await tx.query('INSERT INTO customer_phones (customer_id, phone) VALUES ($1, $2)', [
        ctx.customerId,
        c.value,
      ]);
    else await tx.query('UPDATE customer_phones SET phone = $2 WHERE id = $1', [now.phoneId, c.value]);
  }
  return { ...c.details, sessionsEnded: await sessionsEndedText(tx, ctx) };
}

/** The new password's hash (the engine kept only that), every other session ended. */
async function applyPassword(tx: Queryable, ctx: ServiceRequestContext & { journalId: number }) {
  const hash = ctx.form.newPassword;
  if (typeof hash !== 'string' || !hash.startsWith('$argon2id$'))
    throw new Error('a new password reached confirm without being hashed');
  const now = await current(tx, ctx.customerId, true);
  await tx.query('UPDATE credentials SET password_hash = $2 WHERE customer_id = $1', [ctx.customerId, hash]);
  return {
    userId: now.userId ?? '',
    newValue: PASSWORD_TEXT,
    sessionsEnded: await sessionsEndedText(tx, ctx),
  };
}

async function sessionsEndedText(tx: Queryable, ctx: ServiceRequestContext & { journalId: number }) {
  const ended = await endOtherSessions(tx, ctx.customerId, ctx.journalId);
  return {
    eng: ended > 0 ? `${ended} other session(s) logged out` : 'No other session was open',
    idn: ended > 0 ? `${ended} sesi lain telah keluar` : 'Tidak ada sesi lain yang terbuka',
  };
}

export const credentialServiceExecutors = { 'credential.change': changeCredential } satisfies Record<
  string,
  ServiceExecutor
>;
