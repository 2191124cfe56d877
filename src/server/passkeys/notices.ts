import type { Queryable } from '../db/db';
import { NOT_YOU, tellCustomer } from '../alerts/tell-customer';

/**
 * What the customer is told about their passkeys, by e-mail (the built-in outbox, when the bank has an
 * address) and in the mailbox, in the transaction of the change itself: a passkey added, and the
 * passkeys to review after a password reset or credential change (named, so none is kept unseen).
 */

const tell = (
  db: Queryable,
  customerId: number,
  subject: { eng: string; idn: string },
  body: { eng: string; idn: string },
) => tellCustomer(db, customerId, { subject, body, link: '/settings/passkeys/' });

export async function tellPasskeyAdded(db: Queryable, customerId: number, name: string, where: string) {
  await tell(
    db,
    customerId,
    { eng: 'Passkey added', idn: 'Passkey ditambahkan' },
    {
      eng: `A passkey "${name}" was added to your internet banking (${where}). It can sign you in and confirm transactions. ${NOT_YOU.eng}`,
      idn: `Passkey "${name}" ditambahkan ke internet banking Anda (${where}). Passkey ini dapat dipakai untuk masuk dan mengonfirmasi transaksi. ${NOT_YOU.idn}`,
    },
  );
}

export async function tellPasskeysRemoved(db: Queryable, customerId: number, names: string[]) {
  if (!names.length) return;
  const list = names.map((n) => `"${n}"`).join(', ');
  await tell(
    db,
    customerId,
    { eng: 'Passkey removed', idn: 'Passkey dihapus' },
    {
      eng: `Removed from your internet banking: ${list}. ${NOT_YOU.eng}`,
      idn: `Dihapus dari internet banking Anda: ${list}. ${NOT_YOU.idn}`,
    },
  );
}

/**
 * A password reset or a credential change: the customer's passkeys are marked to be reviewed (the
 * Settings page and the login after it ask which to keep) and named in the alert. Nothing is kept
 * silently: a passkey someone else added while they held the account is shown and can go at once.
 */
export async function askPasskeyReview(
  db: Queryable,
  customerId: number,
  why: 'reset' | 'change',
): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `UPDATE passkey_credentials SET review_asked_at = now() WHERE customer_id = $1 RETURNING name`,
    [customerId],
  );
  if (!rows.length) return [];
  const list = rows.map((r) => `"${r.name}"`).join(', ');
  const what =
    why === 'reset'
      ? { eng: 'Your password was reset.', idn: 'Kata sandi Anda telah diatur ulang.' }
      : { eng: 'Your sign-in details were changed.', idn: 'Data masuk Anda telah diubah.' };
  await tell(
    db,
    customerId,
    { eng: 'Check your passkeys', idn: 'Periksa passkey Anda' },
    {
      eng: `${what.eng} These passkeys can still sign you in: ${list}. Open Settings > Passkeys and keep only yours. ${NOT_YOU.eng}`,
      idn: `${what.idn} Passkey berikut masih dapat dipakai untuk masuk: ${list}. Buka Pengaturan > Passkey dan simpan hanya milik Anda. ${NOT_YOU.idn}`,
    },
  );
  return rows.map((r) => r.name);
}
