import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/db';
import { limitsAndUse, limitsOfRow, limitsSql, type Limits, type LimitsRow } from './limits';

/** One signed movement of an account's balance. */
export interface Leg {
  accountId: number;
  amount: number;
  currency: string;
}

export interface JournalInput {
  customerId: number;
  flowId: string;
  idempotencyKey: string;
  inquiryId: string;
  status: 'success' | 'pending' | 'failed';
  amount: number;
  currency: string;
  limitCategory: string;
  limitAmount: number;
  description: string;
  details: Record<string, unknown>;
  legs: Leg[];
  /**
   * Checks the customer's limits for limitCategory (throws to refuse), called with the limits and
   * today's use read in the same statement that locks the accounts: the caller must already hold the
   * customer's advisory lock, so the use counts every posting committed before.
   */
  checkLimits?: (limits: Limits, used: number) => void;
}

/** Thrown (inside the transaction, so nothing is written) when a debit would cross an account's floor. */
export class FloorError extends Error {
  constructor(readonly accountId: number) {
    super(`account ${accountId} would go below its floor`);
  }
}

/** Reference numbers: date plus 10 random digits, e.g. "2611220123456789". */
export function newReferenceNo(now = new Date()): string {
  const d = now.toISOString().slice(2, 10).replaceAll('-', '');
  return d + String(randomInt(0, 100_000)).padStart(5, '0') + String(randomInt(0, 100_000)).padStart(5, '0');
}

export function assertBalanced(legs: Leg[]): void {
  const sums = new Map<string, number>();
  for (const l of legs) {
    if (!Number.isSafeInteger(l.amount)) throw new Error('ledger amounts must be safe integers');
    sums.set(l.currency, (sums.get(l.currency) ?? 0) + l.amount);
  }
  for (const [currency, sum] of sums)
    if (sum !== 0) throw new Error(`journal does not balance in ${currency}: ${sum}`);
}

/**
 * Posts one journal with its balanced entries, inside the caller's transaction: locks every touched
 * account with SELECT ... FOR UPDATE in id order (no deadlocks between transfers), checks the floors,
 * then writes the journal, the entries, the new balances and the inquiry's link to its journal (marked
 * verified). Returns the journal id and reference.
 */
export async function postJournal(
  tx: Queryable,
  j: JournalInput,
): Promise<{ journalId: number; referenceNo: string; createdAt: string }> {
  assertBalanced(j.legs);
  const delta = new Map<number, number>();
  for (const l of j.legs) delta.set(l.accountId, (delta.get(l.accountId) ?? 0) + l.amount);
  const ids = [...delta.keys()].sort((a, b) => a - b);
  if (ids.length) {
    const { rows } = await tx.query<
      { id: number; balance: number; floor: number; currency: string; status: string } & LimitsRow
    >(
      j.checkLimits
        ? `SELECT a.id, a.balance, a.floor, a.currency, a.status, lim.*
             FROM accounts a CROSS JOIN (${limitsSql(2, 3)}) lim
            WHERE a.id = ANY($1::bigint[]) ORDER BY a.id FOR UPDATE OF a`
        : 'SELECT id, balance, floor, currency, status FROM accounts WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE',
      j.checkLimits ? [ids, j.customerId, j.limitCategory] : [ids],
    );
    if (rows.length !== ids.length) throw new Error('journal names an account that does not exist');
    if (j.checkLimits) {
      const { limits, used } = limitsOfRow(rows[0]!, j.limitCategory);
      j.checkLimits(limits, used);
    }
    for (const a of rows) {
      const d = delta.get(Number(a.id))!;
      if (j.legs.some((l) => l.accountId === Number(a.id) && l.currency !== a.currency.trim()))
        throw new Error(`leg currency differs from account ${a.id}`);
      if (d < 0 && (a.status !== 'active' || a.balance + d < a.floor)) throw new FloorError(Number(a.id));
    }
  } else if (j.checkLimits) {
    const { limits, used } = await limitsAndUse(tx, j.customerId, j.limitCategory);
    j.checkLimits(limits, used);
  }
  const referenceNo = newReferenceNo();
  const post = j.legs.length > 0 && j.status !== 'failed';
  // The journal, its entries and the new balances in one statement (one round trip, not three); the
  // accounts are already locked above, and the entries' foreign key is checked at the statement's end.
  const { rows: jr } = await tx.query<{ id: number; created_at: Date | string }>(
    `WITH j AS (
       INSERT INTO journal (reference_no, customer_id, flow_id, idempotency_key, inquiry_id, status, amount, currency,
                            limit_category, limit_amount, description, details)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb) RETURNING id, created_at
     ), e AS (
       INSERT INTO ledger_entries (journal_id, account_id, amount, currency)
       SELECT j.id, l.account_id, l.amount, l.currency
         FROM j, unnest($14::bigint[], $15::bigint[], $16::text[]) AS l(account_id, amount, currency)
        WHERE $13::boolean
     ), b AS (
       UPDATE accounts a SET balance = a.balance + v.delta
         FROM unnest($17::bigint[], $18::bigint[]) AS v(id, delta)
        WHERE a.id = v.id AND $13::boolean
     ), i AS (
       UPDATE transaction_inquiries SET journal_id = j.id, verified_at = now() FROM j
        WHERE transaction_inquiries.id = $5
     )
     SELECT id, created_at FROM j`,
    [
      referenceNo,
      j.customerId,
      j.flowId,
      j.idempotencyKey,
      j.inquiryId,
      j.status,
      j.amount,
      j.currency,
      j.limitCategory,
      j.limitAmount,
      j.description,
      JSON.stringify(j.details),
      post,
      j.legs.map((l) => l.accountId),
      j.legs.map((l) => l.amount),
      j.legs.map((l) => l.currency),
      ids,
      ids.map((id) => delta.get(id)!),
    ],
  );
  const journalId = jr[0]!.id;
  return { journalId, referenceNo, createdAt: new Date(jr[0]!.created_at).toISOString() };
}

async function insertEntries(tx: Queryable, journalId: number, legs: Leg[]): Promise<void> {
  await tx.query(
    `INSERT INTO ledger_entries (journal_id, account_id, amount, currency)
     SELECT $1, unnest($2::bigint[]), unnest($3::bigint[]), unnest($4::text[])`,
    [journalId, legs.map((l) => l.accountId), legs.map((l) => l.amount), legs.map((l) => l.currency)],
  );
}

/**
 * Undoes a journal's entries with opposite ones (a failed biller answer after the money was held)
 * and marks it failed. Credits of internal accounts may go negative; customer balances only rise.
 */
export async function reverseJournal(tx: Queryable, journalId: number): Promise<void> {
  const { rows } = await tx.query<{ account_id: number; amount: number; currency: string }>(
    'SELECT account_id, amount, currency FROM ledger_entries WHERE journal_id = $1',
    [journalId],
  );
  const legs = rows.map((r) => ({
    accountId: Number(r.account_id),
    amount: -r.amount,
    currency: r.currency.trim(),
  }));
  const delta = new Map<number, number>();
  for (const l of legs) delta.set(l.accountId, (delta.get(l.accountId) ?? 0) + l.amount);
  const ids = [...delta.keys()].sort((a, b) => a - b);
  if (ids.length) {
    await tx.query('SELECT id FROM accounts WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE', [ids]);
    await insertEntries(tx, journalId, legs);
    await tx.query(
      `UPDATE accounts a SET balance = a.balance + v.delta
         FROM (SELECT unnest($1::bigint[]) AS id, unnest($2::bigint[]) AS delta) v
        WHERE a.id = v.id`,
      [ids, ids.map((id) => delta.get(id)!)],
    );
  }
}

/** An internal account by name and currency ("SETTLEMENT-BPJS", or "SETTLEMENT-BPJS-USD"), opened on first use. */
export async function internalAccount(db: Queryable, name: string, currency: string): Promise<number> {
  const accountNo = currency === 'IDR' ? name : `${name}-${currency}`;
  const found = await db.query<{ id: number }>(
    `SELECT id FROM accounts WHERE account_no = $1 AND customer_id IS NULL AND product = 'internal'`,
    [accountNo],
  );
  if (found.rows[0]) return Number(found.rows[0].id);
  await db.query(
    `INSERT INTO accounts (account_no, customer_id, product, name, currency, balance, floor)
     VALUES ($1, NULL, 'internal', $1, $2, 0, -1000000000000000) ON CONFLICT (account_no) DO NOTHING`,
    [accountNo, currency],
  );
  const again = await db.query<{ id: number }>('SELECT id FROM accounts WHERE account_no = $1', [accountNo]);
  return Number(again.rows[0]!.id);
}
