import type { Queryable } from '../../src/server/db/db';

// What the built-in SMS gateway sent: the outbox a customer's phone reads its codes from.

/** The code of the newest SMS to this phone (the code comes first in the text). */
export async function latestCode(db: Queryable, phone: string): Promise<string> {
  const { rows } = await db.query<{ text: string }>(
    'SELECT text FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1',
    [phone],
  );
  const m = rows[0]?.text.match(/\b(\d{6})\b/);
  if (!m) throw new Error(`no OTP in the outbox for ${phone}`);
  return m[1]!;
}

/** The newest OTP code sent to a phone, read past later messages of other kinds (the last ten). */
export async function lastOtp(db: Queryable, phone: string): Promise<string> {
  const { rows } = await db.query<{ text: string }>(
    `SELECT text FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 10`,
    [phone],
  );
  for (const r of rows) {
    const m = /Kode OTP (\d{6})/.exec(r.text);
    if (m) return m[1]!;
  }
  throw new Error(`no OTP sent to ${phone}`);
}

/** The newest SMS to a phone, or '' when none was sent. */
export async function lastSms(db: Queryable, phone: string): Promise<string> {
  const { rows } = await db.query<{ text: string }>(
    `SELECT text FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1`,
    [phone],
  );
  return rows[0]?.text ?? '';
}
