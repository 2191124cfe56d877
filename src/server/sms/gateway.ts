import type { Queryable } from '../db/db';

/** The SMS gateway a real bank replaces with its own adapter. */
export interface SmsGateway {
  /**
   * Sends one text message. `tx` is the caller's open transaction, if any: the built-in gateway
   * writes its outbox through it (PGlite is one session, so a second connection would wait forever);
   * a real adapter ignores it.
   */
  send(phone: string, text: string, tx?: Queryable): Promise<void>;
}

export interface OutboxMessage {
  phone: string;
  text: string;
  createdAt: string;
}

/** The built-in gateway: every message lands in the sms_outbox table, read by /dev/outbox and the tests. */
export function outboxGateway(db: Queryable): SmsGateway {
  return {
    async send(phone, text, tx) {
      await (tx ?? db).query('INSERT INTO sms_outbox (phone, text) VALUES ($1, $2)', [phone, text]);
    },
  };
}

/** Newest first. */
export async function readOutbox(db: Queryable, phone?: string, limit = 50): Promise<OutboxMessage[]> {
  const { rows } = await db.query<{ phone: string; text: string; created_at: Date | string }>(
    phone
      ? 'SELECT phone, text, created_at FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT $2'
      : 'SELECT phone, text, created_at FROM sms_outbox ORDER BY id DESC LIMIT $1',
    phone ? [phone, limit] : [limit],
  );
  return rows.map((r) => ({ phone: r.phone, text: r.text, createdAt: new Date(r.created_at).toISOString() }));
}
