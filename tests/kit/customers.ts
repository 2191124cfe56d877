import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../../src/server/db/db';
import { hashSecret } from '../../src/server/auth/password';

// Customers of the tests' own, independent of the demo seed: a bare one (insertCustomer) or one who
// can log in, with accounts and cards (makeCustomer).

let seq = 0;
let phoneSeq = 0;
const uniq = () => randomBytes(5).toString('hex');

/** A phone number unique within the test run. */
export function uniquePhone(): string {
  phoneSeq += 1;
  return `+62812${String(process.pid % 1000).padStart(3, '0')}${String(phoneSeq).padStart(5, '0')}`;
}

/** Inserts a customer with the given phones (no password); returns its id and phone ids. */
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

export interface CustomerFixture {
  userId: string;
  password: string;
  secureWord?: string;
  title?: 'Mr.' | 'Ms.';
  fullName?: string;
  displayName?: string | null;
  dateOfBirth?: string;
  loginChallenge?: 'fds' | 'bds' | null;
  phones?: string[];
  /** Savings accounts, each with an ATM card. */
  casa?: { accountNo: string; atmLast4?: string; atmPin?: string; product?: 'savings' | 'current' }[];
  creditCards?: { cardNo: string; supplementary?: boolean }[];
}

export interface CreatedCustomer {
  id: number;
  phoneIds: number[];
  phones: string[];
}

/** A customer who can log in (password, secure word, phones), with savings accounts and cards. */
export async function makeCustomer(db: Db, f: CustomerFixture): Promise<CreatedCustomer> {
  const passwordHash = await hashSecret(f.password);
  const pinHashes = await Promise.all((f.casa ?? []).map((a) => hashSecret(a.atmPin ?? '123456')));
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO customers (cif, user_id, title, full_name, display_name, secure_word, date_of_birth, login_challenge)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        `CIF${uniq()}`,
        f.userId,
        f.title ?? 'Ms.',
        f.fullName ?? 'Test Customer',
        f.displayName ?? null,
        f.secureWord ?? 'rainbowtrout',
        f.dateOfBirth ?? '1990-05-17',
        f.loginChallenge ?? null,
      ],
    );
    const id = rows[0]!.id;
    await tx.query(`INSERT INTO credentials (customer_id, password_hash) VALUES ($1, $2)`, [
      id,
      passwordHash,
    ]);
    const phones = f.phones ?? [`+62812${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`];
    const phoneIds: number[] = [];
    for (const phone of phones) {
      const p = await tx.query<{ id: number }>(
        `INSERT INTO customer_phones (customer_id, phone) VALUES ($1, $2) RETURNING id`,
        [id, phone],
      );
      phoneIds.push(p.rows[0]!.id);
    }
    for (const [i, a] of (f.casa ?? []).entries()) {
      const acc = await tx.query<{ id: number }>(
        `INSERT INTO accounts (account_no, customer_id, product, name, currency, balance)
         VALUES ($1, $2, $3, 'Tabungan', 'IDR', 100000) RETURNING id`,
        [a.accountNo, id, a.product ?? 'savings'],
      );
      if (a.atmLast4) {
        await tx.query(`INSERT INTO atm_cards (account_id, card_last4, pin_hash) VALUES ($1, $2, $3)`, [
          acc.rows[0]!.id,
          a.atmLast4,
          pinHashes[i],
        ]);
      }
    }
    for (const c of f.creditCards ?? []) {
      const acc = await tx.query<{ id: number }>(
        `INSERT INTO accounts (account_no, customer_id, product, name, currency, balance, floor, details)
         VALUES ($1, $2, 'credit_card', 'Card', 'IDR', 0, -1000000, $3) RETURNING id`,
        [`CC${uniq()}`, id, JSON.stringify({ supplementary: c.supplementary ?? false })],
      );
      await tx.query(
        `INSERT INTO card_accounts (account_id, card_no, masked_number, card_name, embossed_name, credit_limit, expiry_month, statement_day)
         VALUES ($1, $2, $3, 'Card', 'TEST', 1000000, '12/30', 5)`,
        [acc.rows[0]!.id, c.cardNo, `${c.cardNo.slice(0, 4)} **** **** ${c.cardNo.slice(-4)}`],
      );
    }
    return { id, phoneIds, phones };
  });
}
