import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { hashSecret } from '../../../src/server/auth/password';

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

const uniq = () => randomBytes(5).toString('hex');

/** A customer of our own, independent of the demo seed. */
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

let ipCounter = 1;
/** A fresh client address per test, so the per-IP rate limit of one test does not leak into the next. */
export const freshIp = () => `10.${Math.floor(ipCounter / 250) % 250}.${ipCounter++ % 250}.7`;

export interface Client {
  ip: string;
  browserId: string;
  token?: string;
  post(
    url: string,
    payload?: unknown,
    extraHeaders?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

/** A browser: its own IP and browser id; keeps the token from access_token headers like the web client. */
export function client(app: FastifyInstance, browserId = `browser-${uniq()}`): Client {
  const c: Client = {
    ip: freshIp(),
    browserId,
    async post(url, payload = {}, extraHeaders = {}) {
      const res = await app.inject({
        method: 'POST',
        url,
        payload: payload as object,
        // Each test client is its own address (no proxy is trusted, so X-Forwarded-For would not count).
        remoteAddress: c.ip,
        headers: {
          'x-browser-id': c.browserId,
          ...(c.token ? { authorization: `Bearer ${c.token}` } : {}),
          ...extraHeaders,
        },
      });
      const t = res.headers['access_token'];
      if (typeof t === 'string') c.token = t;
      return res;
    },
  };
  return c;
}

/** The newest OTP code sent to a phone, read from the SMS outbox. */
export async function lastOtp(db: Db, phone: string): Promise<string> {
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

export async function lastSms(db: Db, phone: string): Promise<string> {
  const { rows } = await db.query<{ text: string }>(
    `SELECT text FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1`,
    [phone],
  );
  return rows[0]?.text ?? '';
}

/** Counts rows of the tables a request might write, to prove a refused request wrote nothing. */
export async function writeCounts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of [
    'sessions',
    'auth_failures',
    'login_challenges',
    'forgot_requests',
    'known_browsers',
    'otp_requests',
    'sms_outbox',
  ]) {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`);
    out[t] = rows[0]!.n;
  }
  return out;
}
