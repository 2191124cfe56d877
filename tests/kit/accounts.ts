import type { Queryable } from '../../src/server/db/db';

// A customer's accounts and limits as the tests set them, and what the ledger says after.

let accountSeq = 0;
/** An account of the customer, numbered uniquely within the run. */
export async function insertAccount(
  db: Queryable,
  customerId: number,
  opts: { product?: string; currency?: string; balance: number; floor?: number; name?: string },
): Promise<{ id: number; accountNo: string }> {
  accountSeq += 1;
  const accountNo = `7${String(process.pid % 10000).padStart(4, '0')}${String(Date.now() % 1e6).padStart(6, '0')}${String(accountSeq).padStart(2, '0')}`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO accounts (account_no, customer_id, product, name, currency, balance, floor)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      accountNo,
      customerId,
      opts.product ?? 'savings',
      opts.name ?? 'Tabungan',
      opts.currency ?? 'IDR',
      opts.balance,
      opts.floor ?? 0,
    ],
  );
  return { id: rows[0]!.id, accountNo };
}

/** A customer's limits of a category (minimum, per transaction, per day). */
export async function setLimits(
  db: Queryable,
  customerId: number,
  category: string,
  min: number,
  max: number,
  daily: number,
): Promise<void> {
  await db.query(
    `INSERT INTO transaction_limits (customer_id, category, min_amount, max_per_transaction, daily_limit)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (customer_id, category) DO UPDATE SET min_amount = $3, max_per_transaction = $4, daily_limit = $5`,
    [customerId, category, min, max, daily],
  );
}

export async function balanceOf(db: Queryable, accountId: number): Promise<number> {
  const { rows } = await db.query<{ balance: number }>('SELECT balance FROM accounts WHERE id = $1', [
    accountId,
  ]);
  return rows[0]!.balance;
}

/** Every journal's entries sum to zero per currency, and every balance equals the sum of its entries plus its opening. */
export async function unbalancedJournals(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT journal_id, currency FROM ledger_entries GROUP BY journal_id, currency HAVING sum(amount) <> 0) x`,
  );
  return rows[0]!.n;
}
