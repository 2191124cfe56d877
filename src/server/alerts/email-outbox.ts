import type { Queryable } from '../db/db';

/**
 * The built-in e-mail gateway (as the SMS gateway's outbox): every e-mail lands in email_outbox, read by
 * /dev/email-outbox in demo mode and by the tests; a real bank replaces send() with its mailer.
 */
export async function sendEmail(tx: Queryable, mail: { address: string; subject: string; body: string }) {
  await tx.query('INSERT INTO email_outbox (address, subject, body) VALUES ($1, $2, $3)', [
    mail.address,
    mail.subject,
    mail.body,
  ]);
}

export interface OutboxEmail {
  address: string;
  subject: string;
  body: string;
  createdAt: string;
}

/** Newest first; `address` matched whole, case-insensitively. */
export async function readEmailOutbox(db: Queryable, address?: string, limit = 50): Promise<OutboxEmail[]> {
  const { rows } = await db.query<{
    address: string;
    subject: string;
    body: string;
    created_at: Date | string;
  }>(
    address
      ? 'SELECT address, subject, body, created_at FROM email_outbox WHERE lower(address) = lower($1) ORDER BY id DESC LIMIT $2'
      : 'SELECT address, subject, body, created_at FROM email_outbox ORDER BY id DESC LIMIT $1',
    address ? [address, limit] : [limit],
  );
  return rows.map((r) => ({
    address: r.address,
    subject: r.subject,
    body: r.body,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
