import type { Db, Queryable } from '../db/db';
import type { ApiErrorBody } from '../../shared/api-error';
import type { FlowCatalog } from '../transactions/catalog';
import {
  accountChanges,
  assertBalanced,
  internalAccount,
  newReferenceNo,
  type Leg,
} from '../transactions/ledger';
import { limitsAndUse } from '../transactions/limits';
import { txErrors } from '../transactions/errors';
import type { Instruction } from './store';
import type { PostingSpec } from '../../shared/flows/types';

/** Why an occurrence could not be posted; insufficient funds is retried the same day (scheduler.ts). */
export type FailReason = 'insufficient_funds' | 'limit' | 'account' | 'unsupported';

export type RunResult =
  | { status: 'success' | 'pending'; journalId: number; referenceNo: string }
  | { status: 'failed'; reason: FailReason; error: ApiErrorBody };

/**
 * Posts one occurrence of an instruction, already verified when it was scheduled, under the
 * occurrence's idempotency key: called twice with one key (a lease that ran out mid-run), it posts
 * once and answers the same journal the second time.
 */
export interface InstructionRunner {
  run(instruction: Instruction, idempotencyKey: string): Promise<RunResult>;
}

const body = (e: { toPayload(): { apierror: ApiErrorBody } }) => e.toPayload().apierror;
const fieldOf = (p: string) => p.replace(/^form\./, '');

/**
 * The runner for transfers inside the bank (flows whose executor is ledger.transfer: own account and
 * same bank), posting as the engine's confirm does: the customer's advisory lock (so the daily limit
 * counts every posting), the accounts locked in id order, limits and the balance checked, then the
 * journal, its entries and the balances in one transaction. Transfers that leave the bank (held for
 * the clearing house) need the engine's pre-verified posting; until it lands they fail as
 * 'unsupported' and the customer is told.
 */
export function ledgerRunner(db: Db, catalog: FlowCatalog): InstructionRunner {
  return {
    async run(ins, key) {
      const posting = catalog.get(ins.flowId)?.flow.posting;
      if (!posting || posting.execute !== 'ledger.transfer')
        return { status: 'failed', reason: 'unsupported', error: body(txErrors.unknownFlow()) };
      try {
        return await db.transaction((tx) => post(tx, ins, key, posting));
      } catch (err) {
        // A concurrent run of the same occurrence committed first: answer its journal.
        if ((err as { code?: string }).code === '23505') {
          const done = await posted(db, ins.customerId, key);
          if (done) return done;
        }
        throw err;
      }
    },
  };
}

async function posted(db: Queryable, customerId: number, key: string): Promise<RunResult | null> {
  const { rows } = await db.query<{
    id: number;
    reference_no: string;
    status: 'success' | 'pending' | 'failed';
  }>('SELECT id, reference_no, status FROM journal WHERE customer_id = $1 AND idempotency_key = $2', [
    customerId,
    key,
  ]);
  const r = rows[0];
  if (!r) return null;
  return r.status === 'failed'
    ? { status: 'failed', reason: 'account', error: body(txErrors.doubleTransaction()) }
    : { status: r.status, journalId: Number(r.id), referenceNo: r.reference_no };
}

async function post(tx: Queryable, ins: Instruction, key: string, posting: PostingSpec): Promise<RunResult> {
  await tx.query('SELECT pg_advisory_xact_lock(7301, $1::int)', [ins.customerId]);
  const already = await posted(tx, ins.customerId, key);
  if (already) return already;
  const amountField = '/form/amount';
  const debitId = Number(ins.form[fieldOf(posting.debit)]);
  const credit = posting.credit;
  let creditId: number | undefined;
  if ('accountId' in credit) creditId = Number(ins.form[fieldOf(credit.accountId)]);
  else if ('accountNo' in credit) {
    const { rows } = await tx.query<{ id: number }>(
      `SELECT id FROM accounts WHERE account_no = $1 AND customer_id IS NOT NULL AND product IN ('savings', 'current')`,
      [String(ins.form[fieldOf(credit.accountNo)] ?? '')],
    );
    creditId = rows[0] ? Number(rows[0].id) : undefined;
  } else if ('internal' in credit) creditId = await internalAccount(tx, credit.internal, ins.currency);
  const ids = [debitId, creditId ?? 0].filter((x) => Number.isSafeInteger(x) && x > 0).sort((a, b) => a - b);
  const { rows: accounts } = await tx.query<{
    id: number;
    customer_id: number | null;
    currency: string;
    balance: number;
    floor: number;
    status: string;
  }>(
    'SELECT id, customer_id, currency, balance, floor, status FROM accounts WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE',
    [ids],
  );
  const debit = accounts.find((a) => Number(a.id) === debitId);
  const creditAcc = accounts.find((a) => Number(a.id) === creditId);
  const refuse = (reason: FailReason, e: { toPayload(): { apierror: ApiErrorBody } }): RunResult => ({
    status: 'failed',
    reason,
    error: body(e),
  });
  if (!debit || Number(debit.customer_id) !== ins.customerId || debit.status !== 'active')
    return refuse('account', txErrors.accountNotAllowed('/form/sourceOfFund'));
  if (!creditAcc || creditAcc.status !== 'active' || creditAcc.id === debit.id)
    return refuse('account', txErrors.beneficiaryNotFound('/form/beneficiaryAccountNo'));
  // Inside the bank, one currency (a cross-currency schedule waits for the engine's quote).
  if (debit.currency.trim() !== ins.currency || creditAcc.currency.trim() !== ins.currency)
    return refuse('unsupported', txErrors.currencyPair());
  const fee = (posting.fees ?? []).reduce((s, f) => s + f.amount, 0);
  const total = ins.amount + fee;
  const { limits, used } = await limitsAndUse(tx, ins.customerId, posting.limitCategory);
  const idr = (amount: number) => ({ amount, currency: 'IDR' });
  // Limits are in IDR; a foreign-currency schedule inside the bank counts its amount as is only if IDR.
  if (ins.currency === 'IDR') {
    if (ins.amount < limits.minAmount)
      return refuse('limit', txErrors.belowMinimum(amountField, idr(limits.minAmount)));
    if (ins.amount > limits.maxPerTransaction)
      return refuse('limit', txErrors.aboveMaximum(amountField, idr(limits.maxPerTransaction)));
    if (limits.dailyLimit !== null && ins.amount > Math.max(0, limits.dailyLimit - used))
      return refuse('limit', txErrors.dailyLimit(amountField, idr(Math.max(0, limits.dailyLimit - used))));
  }
  if (debit.balance - total < debit.floor)
    return refuse('insufficient_funds', txErrors.insufficientBalance(amountField));

  const legs: Leg[] = [
    { accountId: debit.id, amount: -total, currency: ins.currency },
    { accountId: Number(creditAcc.id), amount: ins.amount, currency: ins.currency },
  ];
  if (fee > 0)
    legs.push({
      accountId: await internalAccount(tx, 'FEE-INCOME', ins.currency),
      amount: fee,
      currency: ins.currency,
    });
  assertBalanced(legs);
  const money = (amount: number) => ({ amount, currency: ins.currency });
  const receipt = {
    flowId: ins.flowId,
    amount: money(ins.amount),
    fees: fee ? [{ kind: 'admin', amount: money(fee) }] : [],
    total: money(total),
    details: { ...ins.summary, scheduledTransferId: ins.id },
  };
  const referenceNo = newReferenceNo();
  const name = String(ins.summary.beneficiaryName ?? '');
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO journal (reference_no, customer_id, flow_id, idempotency_key, status, amount, currency,
                          limit_category, limit_amount, description, details)
     VALUES ($1, $2, $3, $4, 'success', $5, $6, $7, $8, $9, $10::jsonb) RETURNING id`,
    [
      referenceNo,
      ins.customerId,
      ins.flowId,
      key,
      ins.amount,
      ins.currency,
      posting.limitCategory,
      ins.currency === 'IDR' ? ins.amount : 0,
      `Transfer terjadwal ${name} / Scheduled transfer`.replace(/\s+/g, ' '),
      JSON.stringify({ receipt }),
    ],
  );
  const journalId = Number(rows[0]!.id);
  await tx.query(
    `INSERT INTO ledger_entries (journal_id, account_id, amount, currency)
     SELECT $1, unnest($2::bigint[]), unnest($3::bigint[]), unnest($4::text[])`,
    [journalId, legs.map((l) => l.accountId), legs.map((l) => l.amount), legs.map((l) => l.currency)],
  );
  const changes = accountChanges(legs);
  await tx.query(
    `UPDATE accounts a SET balance = a.balance + v.delta
       FROM (SELECT unnest($1::bigint[]) AS id, unnest($2::bigint[]) AS delta) v WHERE a.id = v.id`,
    [changes.ids, changes.deltas],
  );
  return { status: 'success', journalId, referenceNo };
}
