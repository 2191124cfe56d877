import type { Queryable } from '../db/db';
import { notify } from '../mailbox/notify';
import { sendEmail } from './email-outbox';

/** 'Not you?' as every security notice ends. */
export const NOT_YOU = { eng: 'Not you? Call 14041 at once.', idn: 'Bukan Anda? Segera hubungi 14041.' };

/**
 * A security notice, as the product tells its customers of a change to how they sign in or approve:
 * by e-mail (the built-in outbox, when the bank has an address) and in the mailbox, in the caller's
 * transaction (so it exists exactly when the change does), both languages in each.
 */
export async function tellCustomer(
  db: Queryable,
  customerId: number,
  message: { subject: { eng: string; idn: string }; body: { eng: string; idn: string }; link: string },
): Promise<void> {
  const { rows } = await db.query<{ email: string | null }>('SELECT email FROM customers WHERE id = $1', [
    customerId,
  ]);
  const email = rows[0]?.email;
  if (email)
    await sendEmail(db, {
      address: email,
      subject: `${message.subject.idn} / ${message.subject.eng}`,
      body: `${message.body.idn}\n\n${message.body.eng}`,
    });
  await notify(db, customerId, message);
}
