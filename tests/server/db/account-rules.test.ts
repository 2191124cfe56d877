import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/db';
import { bothEngines } from '../../kit';

// The schema's own rules for an account, whichever code writes the row.
describe.each(bothEngines)('account rules in the schema on $name', (engine) => {
  let db: Db;
  let id: number;

  beforeAll(async () => {
    db = await engine.open();
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO accounts (account_no, product, name, currency, balance, floor)
       VALUES ('RULES-1', 'savings', 'Rules', 'IDR', 1000, 0) RETURNING id`,
    );
    id = rows[0]!.id;
  });
  afterAll(async () => {
    await db?.close();
  });

  const code = async (sql: string, params: unknown[]) => {
    try {
      await db.query(sql, params);
      return 'ok';
    } catch (err) {
      return (err as { code?: string }).code;
    }
  };

  it('refuses an unknown product or status, on insert and on update (23514)', async () => {
    expect(
      await code(
        `INSERT INTO accounts (account_no, product, name, currency) VALUES ('RULES-2', 'lottery', 'x', 'IDR')`,
        [],
      ),
    ).toBe('23514');
    expect(await code(`UPDATE accounts SET product = 'lottery' WHERE id = $1`, [id])).toBe('23514');
    expect(await code(`UPDATE accounts SET status = 'frozen' WHERE id = $1`, [id])).toBe('23514');
    expect(await code(`UPDATE accounts SET status = 'blocked' WHERE id = $1`, [id])).toBe('ok');
    expect(await code(`UPDATE accounts SET status = 'active', product = 'current' WHERE id = $1`, [id])).toBe(
      'ok',
    );
  });

  it('never lets a balance below its floor (23514), and reads product and status as text', async () => {
    expect(await code(`UPDATE accounts SET balance = balance - 1001 WHERE id = $1`, [id])).toBe('23514');
    expect(await code(`UPDATE accounts SET balance = balance - 1000 WHERE id = $1`, [id])).toBe('ok');
    const { rows } = await db.query<{ product: unknown; status: unknown; balance: number }>(
      'SELECT product, status, balance FROM accounts WHERE id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ product: 'current', status: 'active', balance: 0 });
  });
});
