import { randomInt } from 'node:crypto';
import type { Db, Queryable } from '../db/db';
import type { Limits } from './limits';
import type { OtpOutcome } from '../otp/otp-errors';
import { OTP } from '../../shared/constants';

/** One signed movement of an account's balance. */
export interface Leg {
  accountId: number;
  amount: number;
  currency: string;
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
 * Every account the legs touch, in id order (the order rows are locked in, so transfers never
 * deadlock), with its net change and the one currency of its legs.
 */
export function accountChanges(legs: Leg[]): { ids: number[]; deltas: number[]; currencies: string[] } {
  const accounts = new Map<number, { delta: number; currency: string }>();
  for (const l of legs) {
    const a = accounts.get(l.accountId);
    if (a && a.currency !== l.currency) throw new Error(`account ${l.accountId} has legs in two currencies`);
    accounts.set(l.accountId, { delta: (a?.delta ?? 0) + l.amount, currency: l.currency });
  }
  const ids = [...accounts.keys()].sort((x, y) => x - y);
  return {
    ids,
    deltas: ids.map((id) => accounts.get(id)!.delta),
    currencies: ids.map((id) => accounts.get(id)!.currency),
  };
}

/** A verified inquiry to book (confirm_posting): its verification and its journal. */
export interface ConfirmInput {
  inquiryId: string;
  customerId: number;
  sessionId: number;
  /** The verification as the caller read it; the call answers 'stale' when it has changed since. */
  method: 'otp' | 'approval' | null;
  otpRequestId: string | null;
  /** otp.codeHash() of the code typed, or null when none was sent. */
  codeHash: string | null;
  limits: Limits;
  limitCategory: string;
  limitAmount: number;
  flowId: string;
  idempotencyKey: string;
  /** pending where a biller or operator is called after the posting. */
  status: 'success' | 'pending';
  amount: number;
  currency: string;
  description: string;
  details: Record<string, unknown>;
  legs: Leg[];
}

export type ConfirmOutcome =
  | { outcome: 'ok'; journalId: number; referenceNo: string; createdAt: string }
  | { outcome: 'already'; journalId: number }
  | { outcome: 'limits'; used: number }
  | { outcome: 'floor'; accountId: number }
  | { outcome: `otp_${OtpOutcome}`; attemptsLeft: number | null }
  | { outcome: 'not_found' | 'expired' | 'stale' | 'not_verified' | 'approval' | 'otp_required' };

/** A clash of the random part of a reference number with an earlier journal's (not a duplicate). */
function isReferenceClash(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string };
  return e.code === '23505' && e.constraint === 'journal_reference_no_key';
}
const REFERENCE_ATTEMPTS = 5;

type ConfirmRow = {
  outcome: string;
  detail: number | null;
  posted_journal: number | null;
  posted_at: Date | string | null;
};

/**
 * Books a verified inquiry in one call of the database's confirm_posting() (migrations 013, 021 and 023):
 * one round trip, one commit. It takes the customer's advisory lock (the daily limit counts every
 * earlier posting), reads the inquiry, checks the verification, locks every touched account in id
 * order (no deadlocks between transfers), checks the limits and floors, and only then uses the OTP up
 * and writes the journal (which names its inquiry), its entries and the new balances. A refusal writes
 * nothing but a wrong OTP's attempt (kept, as it must be). A repeated idempotency key raises
 * unique_violation (23505). A reference number that happens to equal an earlier one (10 random digits a
 * day: likely somewhere past ~100,000 journals a day) is drawn again: that call wrote nothing.
 */
export async function postConfirmed(
  db: Db,
  c: ConfirmInput,
  nextReferenceNo: () => string = newReferenceNo,
): Promise<ConfirmOutcome> {
  assertBalanced(c.legs);
  const accounts = accountChanges(c.legs);
  let referenceNo = '';
  let rows: ConfirmRow[] = [];
  for (let attempt = 1; ; attempt++) {
    referenceNo = nextReferenceNo();
    try {
      ({ rows } = await db.retrying(() =>
        db.query<ConfirmRow>(
          `SELECT * FROM confirm_posting($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17,
                                         $18, $19, $20, $21::jsonb, $22, $23, $24, $25, $26, $27)`,
          [
            c.inquiryId,
            c.customerId,
            c.sessionId,
            c.method,
            c.otpRequestId,
            c.codeHash,
            OTP.maxWrongAttempts,
            OTP.freezeMs / 1000,
            c.limitCategory,
            c.limitAmount,
            c.limits.minAmount,
            c.limits.maxPerTransaction,
            c.limits.dailyLimit,
            referenceNo,
            c.flowId,
            c.idempotencyKey,
            c.status,
            c.amount,
            c.currency,
            c.description,
            JSON.stringify(c.details),
            c.legs.map((l) => l.accountId),
            c.legs.map((l) => l.amount),
            c.legs.map((l) => l.currency),
            accounts.ids,
            accounts.deltas,
            accounts.currencies,
          ],
        ),
      ));
      break;
    } catch (err) {
      if (isReferenceClash(err) && attempt < REFERENCE_ATTEMPTS) continue;
      throw err;
    }
  }
  const r = rows[0]!;
  switch (r.outcome) {
    case 'ok':
      return {
        outcome: 'ok',
        journalId: r.posted_journal!,
        referenceNo,
        createdAt: new Date(r.posted_at!).toISOString(),
      };
    case 'already':
      return { outcome: 'already', journalId: r.detail! };
    case 'limits':
      return { outcome: 'limits', used: r.detail ?? 0 };
    case 'floor':
      return { outcome: 'floor', accountId: r.detail! };
    default:
      return r.outcome.startsWith('otp_') && r.outcome !== 'otp_required'
        ? { outcome: r.outcome as `otp_${OtpOutcome}`, attemptsLeft: r.detail }
        : { outcome: r.outcome as 'not_found' };
  }
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
  const { ids, deltas } = accountChanges(legs);
  if (ids.length) {
    await tx.query('SELECT id FROM accounts WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE', [ids]);
    await insertEntries(tx, journalId, legs);
    await tx.query(
      `UPDATE accounts a SET balance = a.balance + v.delta
         FROM (SELECT unnest($1::bigint[]) AS id, unnest($2::bigint[]) AS delta) v
        WHERE a.id = v.id`,
      [ids, deltas],
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
