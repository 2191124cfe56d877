import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/db';
import { PERSONAS, seedDemo } from '../../../src/server/core-bank/seed';
import { verifySecret } from '../../../src/server/auth/password';
import { bothEngines } from '../../kit';

describe.each(bothEngines)('demo seed on $name', (engine) => {
  let db: Db;
  beforeAll(async () => {
    db = await engine.open();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('seeds once and then does nothing', async () => {
    expect(await seedDemo(db)).toBe(true);
    const counts = async () =>
      (
        await db.query<{ c: number; j: number; e: number }>(
          `SELECT (SELECT count(*) FROM customers)::int8 AS c, (SELECT count(*) FROM journal)::int8 AS j,
                  (SELECT count(*) FROM ledger_entries)::int8 AS e`,
        )
      ).rows[0];
    const before = await counts();
    expect(await seedDemo(db)).toBe(false);
    expect(await counts()).toEqual(before);
    expect(before!.j).toBeGreaterThan(100);
  });

  it('posts balanced journals: every journal sums to zero per currency', async () => {
    const { rows } = await db.query(
      `SELECT journal_id, currency, sum(amount) AS s FROM ledger_entries GROUP BY journal_id, currency HAVING sum(amount) <> 0`,
    );
    expect(rows).toEqual([]);
    const { rows: empty } = await db.query(
      `SELECT j.id FROM journal j WHERE NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.journal_id = j.id)`,
    );
    expect(empty).toEqual([]);
  });

  it('keeps every account balance equal to the sum of its entries, never below its floor', async () => {
    const { rows } = await db.query<{ account_no: string; balance: number; total: number }>(
      `SELECT a.account_no, a.balance, COALESCE((SELECT sum(amount) FROM ledger_entries e WHERE e.account_id = a.id), 0)::int8 AS total
         FROM accounts a`,
    );
    expect(rows.length).toBeGreaterThan(10);
    for (const r of rows)
      expect({ no: r.account_no, balance: r.balance }).toEqual({ no: r.account_no, balance: r.total });
    const below = await db.query('SELECT account_no FROM accounts WHERE balance < floor');
    expect(below.rows).toEqual([]);
  });

  it('seeds every persona with hashed password and PIN, secure word, phones and limits', async () => {
    for (const p of PERSONAS) {
      const { rows } = await db.query<{
        id: number;
        title: string;
        secure_word: string;
        password_hash: string;
        app_pin_hash: string;
        login_challenge: string | null;
      }>(
        `SELECT c.id, c.title, c.secure_word, c.login_challenge, k.password_hash, k.app_pin_hash
           FROM customers c JOIN credentials k ON k.customer_id = c.id WHERE c.user_id = $1`,
        [p.userId],
      );
      const row = rows[0]!;
      expect(row.title).toBe(p.title);
      expect(row.secure_word).toBe(p.secureWord);
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(await verifySecret(row.password_hash, p.password)).toBe(true);
      expect(await verifySecret(row.app_pin_hash, p.appPin)).toBe(true);
      expect(row.login_challenge).toBe(p.loginChallenge ?? null);
      const phones = await db.query<{ phone: string }>(
        'SELECT phone FROM customer_phones WHERE customer_id = $1 ORDER BY id',
        [row.id],
      );
      expect(phones.rows.map((r) => r.phone)).toEqual(p.phones);
      const limits = await db.query<{ category: string }>(
        'SELECT category FROM transaction_limits WHERE customer_id = $1 ORDER BY category',
        [row.id],
      );
      expect(limits.rows.map((r) => r.category)).toEqual(['payment', 'purchase', 'transfer']);
    }
  });

  it('gives budisantoso the full set of products and rinanodefault no default accounts', async () => {
    const products = await db.query<{ product: string; currency: string }>(
      `SELECT a.product, a.currency FROM accounts a JOIN customers c ON c.id = a.customer_id
        WHERE c.user_id = 'budisantoso' ORDER BY a.product, a.currency`,
    );
    expect(products.rows.map((r) => `${r.product}:${r.currency}`)).toEqual([
      'credit_card:IDR',
      'current:IDR',
      'gold:XAU',
      'loan:IDR',
      'savings:IDR',
      'savings:IDR',
      'savings:USD',
      'time_deposit:IDR',
    ]);
    const defaults = await db.query<{ user_id: string; s: number | null; r: number | null }>(
      `SELECT user_id, default_source_account_id AS s, default_receiving_account_id AS r FROM customers ORDER BY user_id`,
    );
    for (const d of defaults.rows) {
      if (d.user_id === 'rinanodefault') expect([d.s, d.r]).toEqual([null, null]);
      else expect(d.s).not.toBeNull();
    }
  });

  it('links the supplementary card to the main card in accounts.details', async () => {
    const { rows } = await db.query<{ sup: string; main: string; main_owner: string }>(
      `SELECT a.details->>'supplementary' AS sup, a.details->>'mainAccountId' AS main,
              (SELECT c2.user_id FROM accounts m JOIN customers c2 ON c2.id = m.customer_id
                WHERE m.id = (a.details->>'mainAccountId')::bigint) AS main_owner
         FROM accounts a JOIN customers c ON c.id = a.customer_id
        WHERE c.user_id = 'andiwijaya' AND a.product = 'credit_card'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sup: 'true', main_owner: 'budisantoso' });
  });
});

describe.each(bothEngines)('demo seed started by two servers at once on $name', (engine) => {
  it('seeds exactly once', async () => {
    const db = await engine.open();
    try {
      const results = await Promise.all([seedDemo(db), seedDemo(db)]);
      expect([...results].sort()).toEqual([false, true]);
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int8 AS n FROM customers WHERE user_id = 'budisantoso'`,
      );
      expect(rows[0]!.n).toBe(1);
    } finally {
      await db.close();
    }
  });
});
