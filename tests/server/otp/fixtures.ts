import type { Queryable } from '../../../src/server/db/db';

let seq = 0;

/** Inserts a customer with the given phones; returns its id and phone ids. */
export async function insertCustomer(
  db: Queryable,
  opts: { userId?: string; phones?: string[]; blocked?: boolean } = {},
): Promise<{ customerId: number; phoneIds: number[]; userId: string }> {
  seq += 1;
  const userId = opts.userId ?? `user${Date.now().toString(36)}${seq}`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO customers (cif, user_id, title, full_name, cif_status)
     VALUES ($1, $2, 'Mr.', $3, $4) RETURNING id`,
    [
      `CIF${Date.now()}${seq}${Math.floor(Math.random() * 1e6)}`,
      userId,
      `Test Customer ${seq}`,
      opts.blocked ? 'blocked' : 'active',
    ],
  );
  const customerId = rows[0]!.id;
  const phoneIds: number[] = [];
  for (const phone of opts.phones ?? []) {
    const r = await db.query<{ id: number }>(
      'INSERT INTO customer_phones (customer_id, phone) VALUES ($1, $2) RETURNING id',
      [customerId, phone],
    );
    phoneIds.push(r.rows[0]!.id);
  }
  return { customerId, phoneIds, userId };
}

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

let phoneSeq = 0;
/** A phone number unique within the test run. */
export function uniquePhone(): string {
  phoneSeq += 1;
  return `+62812${String(process.pid % 1000).padStart(3, '0')}${String(phoneSeq).padStart(5, '0')}`;
}
