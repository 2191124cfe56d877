import type { Queryable } from '../db/db';

/** A text in both of the product's languages. */
export interface BilingualText {
  eng: string;
  idn: string;
}

/** Inbox categories: a domain event, a note from the bank, a promotion, an answer to a sent message. */
export type InboxCategory = 'notification' | 'info' | 'promo' | 'reply';

export interface Notification {
  /** 'notification' when absent. */
  category?: InboxCategory;
  subject: BilingualText;
  body: BilingualText;
  /** What it is about, shown under the text: a transaction reference, a masked card number. */
  reference?: string;
  /** A route of the product where the customer can act on it, e.g. '/mytransaction/'. */
  link?: string;
  /** The sent message this answers (category 'reply'). */
  replyTo?: number;
  /** When it happened; now when absent (the seed back-dates its messages). */
  at?: Date;
}

const MAX_SUBJECT = 200;
const MAX_BODY = 4000;

function checkText(name: string, t: BilingualText, max: number): void {
  for (const v of [t.eng, t.idn]) {
    if (typeof v !== 'string' || !v.trim() || v.length > max)
      throw new Error(`mailbox notify: ${name} must be 1-${max} characters in both languages`);
  }
}

/**
 * Puts a message in the customer's inbox (unread; the header's badge counts it at the next page the
 * customer opens). For other domains: call it with the database or, better, the open transaction
 * of the change it reports, so the message exists exactly when the change does:
 *
 *   await notify(tx, customerId, {
 *     subject: { eng: 'Card blocked', idn: 'Kartu diblokir' },
 *     body: { eng: 'Your card 5481 17** **** 5678 was blocked at your request.', idn: '...' },
 *     reference: '5481 17** **** 5678',
 *     link: '/settings/block-and-unblock-card/',
 *   });
 *
 * Returns the message id. Throws on empty or over-long texts (a programming error, not bad input).
 */
export async function notify(db: Queryable, customerId: number, n: Notification): Promise<number> {
  checkText('subject', n.subject, MAX_SUBJECT);
  checkText('body', n.body, MAX_BODY);
  if (n.link !== undefined && !/^\/[A-Za-z0-9/_\-?=&.]*$/.test(n.link))
    throw new Error('mailbox notify: link must be a path of the product');
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO mailbox_messages
       (customer_id, folder, category, subject_eng, subject_idn, body_eng, body_idn, reference, link, reply_to, created_at)
     VALUES ($1, 'inbox', $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [
      customerId,
      n.category ?? 'notification',
      n.subject.eng.trim(),
      n.subject.idn.trim(),
      n.body.eng.trim(),
      n.body.idn.trim(),
      n.reference ?? null,
      n.link ?? null,
      n.replyTo ?? null,
      (n.at ?? new Date()).toISOString(),
    ],
  );
  return rows[0]!.id;
}

/** Unread inbox messages of a customer (the header's badge). */
export async function unreadCount(db: Queryable, customerId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM mailbox_messages
      WHERE customer_id = $1 AND folder = 'inbox' AND read_at IS NULL AND deleted_at IS NULL`,
    [customerId],
  );
  return rows[0]?.n ?? 0;
}
