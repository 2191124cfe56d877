import { randomInt } from 'node:crypto';
import type { Db, Queryable } from '../db/db';
import { DEFAULT_LIMITS_ARGS, type Limits } from './limits';
import type { OtpOutcome } from '../otp/otp-errors';
import { liveSessionOf, SLIDE_SLACK_MS, type LiveSession, type SessionRow } from '../auth/sessions';
import { OTP, SESSION } from '../../shared/constants';

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

/**
 * What an inquiry will book, worked out when it is quoted and stored with it (migration 024), so the
 * confirm needs no read of the quote first: the journal's figures and receipt, its legs (balanced) and
 * each touched account's change, in id order.
 */
export interface Booking {
  status: 'success' | 'pending';
  description: string;
  amount: number;
  currency: string;
  limitCategory: string;
  limitAmount: number;
  receipt: Record<string, unknown>;
  legs: Leg[];
}

/** The inquiry's booking columns, in this order (transaction_inquiries, migration 024). */
export const BOOKING_COLUMNS = `booking_status, description, amount, currency, limit_category, limit_amount, receipt,
  leg_accounts, leg_amounts, leg_currencies, account_ids, account_deltas, account_currencies`;

/** The values of BOOKING_COLUMNS for a booking; throws on legs that do not balance. */
export function bookingValues(b: Booking): unknown[] {
  assertBalanced(b.legs);
  const accounts = accountChanges(b.legs);
  return [
    b.status,
    b.description,
    b.amount,
    b.currency,
    b.limitCategory,
    b.limitAmount,
    JSON.stringify(b.receipt),
    b.legs.map((l) => l.accountId),
    b.legs.map((l) => l.amount),
    b.legs.map((l) => l.currency),
    accounts.ids,
    accounts.deltas,
    accounts.currencies,
  ];
}

/** A confirm as the customer sent it: their session, the inquiry and the code (confirm_inquiry). */
export interface ConfirmInput {
  tokenHash: string;
  browserId: string;
  inquiryId: string;
  /** The OTP request the code answers; the call answers 'stale' when it is not the inquiry's current one. */
  otpRequestId: string | null;
  /** otp.codeHash() of the code typed under otpRequestId, or null when none was typed. */
  codeHash: string | null;
  idempotencyKey: string;
}

/** The inquiry as confirm_inquiry read it, with the limits that apply to it. */
export interface ConfirmedInquiry<Q> {
  flowId: string;
  quote: Q;
  limits: Limits;
}

export type ConfirmOutcome<Q> =
  | { outcome: 'no_session' }
  | ({ session: LiveSession } & (
      | { outcome: 'stale'; otpRequestId: string | null; inquiry: ConfirmedInquiry<Q> }
      | { outcome: 'not_found' }
      | ({ inquiry: ConfirmedInquiry<Q> } & (
          | {
              outcome: 'ok';
              journalId: number;
              referenceNo: string;
              createdAt: string;
              /** What `within` answered (a service executor's details for the receipt). */
              applied?: Record<string, unknown>;
            }
          | { outcome: 'already'; journalId: number }
          | { outcome: 'limits'; used: number }
          | { outcome: 'floor'; accountId: number }
          | { outcome: `otp_${OtpOutcome}`; attemptsLeft: number | null }
          | { outcome: 'expired' | 'not_verified' | 'approval' | 'otp_required' }
        ))
    ));

/**
 * How long a held payment (pending_settlements) is left to whoever claimed it, first the confirm that
 * booked it and calls the provider at once, before a check of settlement.ts may take it.
 */
export const SETTLEMENT_LEASE_S = 60;

/**
 * Runs inside the confirm's database transaction once the record is written (outcome ok); what it
 * returns is the receipt's extra details. Throwing undoes the record and keeps the OTP unused.
 */
export type Within<Q> = (
  tx: Queryable,
  booked: { journalId: number; customerId: number; flowId: string; quote: Q },
) => Promise<Record<string, unknown>>;

/** A clash of the random part of a reference number with an earlier journal's (not a duplicate). */
function isReferenceClash(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string };
  return e.code === '23505' && e.constraint === 'journal_reference_no_key';
}
const REFERENCE_ATTEMPTS = 5;

type ConfirmRow = SessionRow & {
  outcome: string;
  detail: number | null;
  posted_journal: number | null;
  posted_at: Date | string | null;
  flow_id: string;
  quote: unknown;
  otp_request_id: string | null;
  min_amount: number;
  max_per_transaction: number;
  daily_limit: number | null;
};

/**
 * Books a verified inquiry in one call of the database's confirm_inquiry() (migration 024): one round
 * trip, one commit. It checks and slides the session, takes the customer's advisory lock (the daily
 * limit counts every earlier posting), reads the inquiry with its booking and the customer's limits,
 * checks the verification, locks every touched account in id order (no deadlocks between transfers),
 * checks the limits and floors, and only then uses the OTP up and writes the journal (which names its
 * inquiry), its entries and the new balances. A refusal writes nothing but a wrong OTP's attempt (kept,
 * as it must be) and the session's slide. A repeated idempotency key raises unique_violation (23505).
 * A reference number that happens to equal an earlier one (10 random digits a day: likely somewhere
 * past ~100,000 journals a day) is drawn again: that call wrote nothing.
 */
export async function postConfirmed<Q>(
  db: Db,
  c: ConfirmInput,
  nextReferenceNo: () => string = newReferenceNo,
  within?: Within<Q>,
): Promise<ConfirmOutcome<Q>> {
  let referenceNo = '';
  let rows: ConfirmRow[] = [];
  let applied: Record<string, unknown> | undefined;
  for (let attempt = 1; ; attempt++) {
    referenceNo = nextReferenceNo();
    const call = (q: Queryable) =>
      q.query<ConfirmRow>(
        `SELECT * FROM confirm_inquiry($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
        [
          c.tokenHash,
          c.browserId,
          SESSION.idleMs,
          SLIDE_SLACK_MS,
          c.inquiryId,
          c.otpRequestId,
          c.codeHash,
          OTP.maxWrongAttempts,
          OTP.freezeMs / 1000,
          ...DEFAULT_LIMITS_ARGS,
          referenceNo,
          c.idempotencyKey,
          SETTLEMENT_LEASE_S,
        ],
      );
    try {
      if (within)
        // A flow that moves no money: its executor changes its state in the same transaction as the record.
        ({ rows } = await db.transaction(async (tx) => {
          const res = await call(tx);
          const r = res.rows[0];
          if (r?.outcome === 'ok')
            applied = await within(tx, {
              journalId: Number(r.posted_journal),
              customerId: Number(r.session_customer_id),
              flowId: r.flow_id,
              quote: r.quote as Q,
            });
          return res;
        }));
      else ({ rows } = await db.retrying(() => call(db)));
      break;
    } catch (err) {
      if (isReferenceClash(err) && attempt < REFERENCE_ATTEMPTS) continue;
      throw err;
    }
  }
  const r = rows[0]!;
  const session = liveSessionOf(r);
  if (!session) return { outcome: 'no_session' };
  if (r.outcome === 'not_found') return { outcome: 'not_found', session };
  const inquiry: ConfirmedInquiry<Q> = {
    flowId: r.flow_id,
    quote: r.quote as Q,
    limits: {
      minAmount: r.min_amount,
      maxPerTransaction: r.max_per_transaction,
      dailyLimit: r.daily_limit,
    },
  };
  const base = { session, inquiry };
  switch (r.outcome) {
    case 'ok':
      return {
        ...base,
        outcome: 'ok',
        journalId: r.posted_journal!,
        referenceNo,
        createdAt: new Date(r.posted_at!).toISOString(),
        ...(applied ? { applied } : {}),
      };
    case 'stale':
      return { ...base, outcome: 'stale', otpRequestId: r.otp_request_id };
    case 'already':
      return { ...base, outcome: 'already', journalId: r.detail! };
    case 'limits':
      return { ...base, outcome: 'limits', used: r.detail ?? 0 };
    case 'floor':
      return { ...base, outcome: 'floor', accountId: r.detail! };
    default:
      return r.outcome.startsWith('otp_') && r.outcome !== 'otp_required'
        ? { ...base, outcome: r.outcome as `otp_${OtpOutcome}`, attemptsLeft: r.detail }
        : { ...base, outcome: r.outcome as 'expired' };
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

/**
 * Adds balanced legs to a journal already written, in its transaction: an executor passing the booked
 * money on (into the product account it just opened), or a settlement crediting proceeds. The accounts
 * are locked in id order (as every posting locks them); each leg must be in its account's currency,
 * and a balance never goes below its floor (the table's CHECK refuses it, undoing the whole booking).
 */
export async function postEntries(tx: Queryable, journalId: number, legs: Leg[]): Promise<void> {
  assertBalanced(legs);
  const { ids, deltas, currencies } = accountChanges(legs);
  if (!ids.length) return;
  const { rows } = await tx.query<{ id: number; currency: string }>(
    'SELECT id, currency FROM accounts WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE',
    [ids],
  );
  for (const [i, id] of ids.entries()) {
    const a = rows.find((r) => Number(r.id) === id);
    if (!a) throw new Error(`journal ${journalId}: account ${id} does not exist`);
    if (a.currency.trim() !== currencies[i])
      throw new Error(`journal ${journalId}: a leg in another currency`);
  }
  await insertEntries(tx, journalId, legs);
  await tx.query(
    `UPDATE accounts a SET balance = a.balance + v.delta
       FROM (SELECT unnest($1::bigint[]) AS id, unnest($2::bigint[]) AS delta) v
      WHERE a.id = v.id`,
    [ids, deltas],
  );
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
