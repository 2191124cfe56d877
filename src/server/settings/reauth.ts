import type { Queryable } from '../db/db';
import { ApiError } from '../http/api-error';
import { verifySecret } from '../auth/password';
import { clearFailures, failureKey, isLocked, recordFailure } from '../auth/failures';

/**
 * Re-authentication before a credential change (issue 21 item 9): the customer types the current
 * password, checked in clear at inquiry (the field is secret: the stored inquiry keeps its hash only).
 *
 * Wrong guesses count as the login counts them: each one counts on the user id's login lock (one count
 * with the web password and the app PIN: 5 guesses in all lock logins for 30 minutes), so a session
 * holder cannot guess here beside the login page. And, as the login binds its lock to a known browser,
 * strangers' guesses at the login page do not block a customer who holds a session: the change is
 * refused only by this customer's own re-authentication lock (5 wrong here, 30 minutes).
 */
export const reauthLocked = (field: string) =>
  new ApiError(
    423,
    'CLICKS',
    'REAUTH_LOCKED',
    {
      titleEng: 'Change locked',
      titleIdn: 'Perubahan dikunci',
      messageEng: 'Too many wrong passwords. Please try again in 30 minutes.',
      messageIdn: 'Terlalu banyak kata sandi yang salah. Silakan coba lagi dalam 30 menit.',
    },
    {
      [`/form/${field}`]: {
        eng: 'Too many wrong passwords, try again in 30 minutes',
        idn: 'Terlalu banyak kata sandi salah, coba lagi dalam 30 menit',
      },
    },
  );

const wrongPassword = (field: string) =>
  new ApiError(
    422,
    'CLICKS',
    'WRONG_PASSWORD',
    {
      titleEng: 'Wrong password',
      titleIdn: 'Kata sandi salah',
      messageEng: 'The current password you entered is not correct.',
      messageIdn: 'Kata sandi saat ini yang Anda masukkan tidak benar.',
    },
    {
      [`/form/${field}`]: {
        eng: 'The current password you entered is not correct.',
        idn: 'Kata sandi saat ini yang Anda masukkan tidak benar.',
      },
    },
  );

/** Resolves with the password's hash when `password` is the customer's current one; throws otherwise. */
export async function reauthenticate(
  db: Queryable,
  customerId: number,
  password: unknown,
  field = 'currentPassword',
): Promise<string> {
  const own = failureKey('reauth', String(customerId));
  if (await isLocked(db, own)) throw reauthLocked(field);
  const { rows } = await db.query<{ user_id: string | null; password_hash: string | null }>(
    `SELECT c.user_id, cr.password_hash FROM customers c LEFT JOIN credentials cr ON cr.customer_id = c.id
      WHERE c.id = $1`,
    [customerId],
  );
  const hash = rows[0]?.password_hash;
  const login = rows[0]?.user_id ? failureKey('login', rows[0].user_id) : undefined;
  if (typeof password === 'string' && hash && (await verifySecret(hash, password))) {
    await clearFailures(db, own);
    // As a right password at the login does; a lock stays until it ends (others' guesses made it).
    if (login && !(await isLocked(db, login))) await clearFailures(db, login);
    return hash;
  }
  // One count with the login's (while the login is locked, only this customer's own count goes on).
  if (login && !(await isLocked(db, login))) await recordFailure(db, login);
  if (await recordFailure(db, own)) throw reauthLocked(field);
  throw wrongPassword(field);
}
