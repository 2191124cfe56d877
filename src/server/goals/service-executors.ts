import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/db';
import { ApiError } from '../http/api-error';
import type { ServiceExecutor, ServiceRequestContext } from '../transactions/contracts';
import type { ChoiceSource } from '../transactions/contracts';
import { GOAL_ACCOUNT_SQL } from '../transactions/account-reads';
import { bankDate } from '../../shared/bank-time';
import { formatMoney } from '../../shared/money';
import { addDays, occurrenceAfter, occurrenceOnOrAfter, type Recurrence } from '../schedules/recurrence';
import { createInstruction, editInstruction } from '../schedules/store';

/*
 * My goals: creating and editing a goal sets up (or changes) a monthly transfer from the customer's
 * account into the goal's own savings account, so both are verified service flows of the engine
 * (flows/goal/). The transfer itself is an instruction the server's scheduler runs (schedules/).
 */

/** The flow whose posting the scheduler runs for each monthly transfer (own account, ledger.transfer). */
const FUNDING_FLOW = 'transfer.own';
const MAX_YEARS = 5;

const onField = (field: string, eng: string, idn: string) => ({ [`/form/${field}`]: { eng, idn } });

export const goalErrors = {
  dateInvalid: () =>
    new ApiError(
      422,
      'CLICKS',
      'GOAL_DATE_INVALID',
      {
        titleEng: 'Check the target date',
        titleIdn: 'Periksa tanggal target',
        messageEng: `The target date must be at least one month and at most ${MAX_YEARS} years from today.`,
        messageIdn: `Tanggal target minimal satu bulan dan maksimal ${MAX_YEARS} tahun dari hari ini.`,
      },
      onField(
        'targetDate',
        'Between one month and 5 years from today',
        'Antara satu bulan dan 5 tahun dari hari ini',
      ),
    ),
  monthlyAboveTarget: () =>
    new ApiError(
      422,
      'CLICKS',
      'GOAL_MONTHLY_ABOVE_TARGET',
      {
        titleEng: 'Monthly amount too high',
        titleIdn: 'Setoran bulanan terlalu besar',
        messageEng: 'The monthly transfer cannot be more than the goal itself.',
        messageIdn: 'Setoran bulanan tidak boleh melebihi target tabungan.',
      },
      onField('monthlyAmount', 'At most the target amount', 'Maksimal sebesar target'),
    ),
  accountNotAllowed: () =>
    new ApiError(
      422,
      'CLICKS',
      'ACCOUNT_NOT_ALLOWED',
      {
        titleEng: 'Account not available',
        titleIdn: 'Rekening tidak tersedia',
        messageEng: 'Please choose one of your own rupiah savings or current accounts offered.',
        messageIdn: 'Silakan pilih salah satu rekening tabungan atau giro rupiah Anda yang tersedia.',
      },
      onField('sourceOfFund', 'Choose one of the options', 'Pilih salah satu pilihan'),
    ),
  notFound: () =>
    new ApiError(
      404,
      'CLICKS',
      'GOAL_NOT_FOUND',
      {
        titleEng: 'Goal not found',
        titleIdn: 'Tujuan tidak ditemukan',
        messageEng: 'This goal does not exist or has been closed.',
        messageIdn: 'Tujuan ini tidak ada atau sudah ditutup.',
      },
      onField('goal', 'Choose one of your goals', 'Pilih salah satu tujuan Anda'),
    ),
};

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const int = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) ? v : 0);

interface Plan {
  name: string;
  category: string;
  target: number;
  targetDate: string;
  monthly: number;
  dayOfMonth: number;
  recurrence: Recurrence;
  firstDebitDate: string;
  months: number;
}

/** The goal as the form asks for it, checked: its monthly debits from tomorrow up to the target date. */
function planOf(form: Record<string, unknown>, today: string): Plan {
  const targetDate = str(form.targetDate);
  const target = int(form.targetAmount);
  const monthly = int(form.monthlyAmount);
  const dayOfMonth = Number(form.dayOfMonth) || 1;
  const latest = `${Number(today.slice(0, 4)) + MAX_YEARS}${today.slice(4)}`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(targetDate) || targetDate < addDays(today, 28) || targetDate > latest)
    throw goalErrors.dateInvalid();
  if (monthly > target) throw goalErrors.monthlyAboveTarget();
  const recurrence: Recurrence = { every: 'month', dayOfMonth };
  const start = addDays(today, 1);
  const firstDebitDate = occurrenceOnOrAfter(recurrence, start);
  let months = 0;
  for (let d = firstDebitDate; d <= targetDate && months < 120; d = occurrenceAfter(recurrence, d, start))
    months++;
  if (months === 0) throw goalErrors.dateInvalid();
  return {
    name: str(form.name).trim(),
    category: str(form.category) || 'other',
    target,
    targetDate,
    monthly,
    dayOfMonth,
    recurrence,
    firstDebitDate,
    months,
  };
}

const idr = (amount: number) => ({ amount, currency: 'IDR' });
const planDetails = (p: Plan) => ({
  firstDebitDate: p.firstDebitDate,
  debits: String(p.months),
  projected: idr(p.monthly * p.months),
});

async function sourceAccount(db: Queryable, ctx: ServiceRequestContext) {
  const id = Number(ctx.form.sourceOfFund);
  const { rows } = await db.query<{ id: string | number; account_no: string }>(
    `SELECT a.id, a.account_no FROM accounts a WHERE a.id = $1 AND a.customer_id = $2 AND a.status = 'active'
        AND a.product IN ('savings', 'current') AND a.currency = 'IDR' AND NOT ${GOAL_ACCOUNT_SQL}`,
    [Number.isSafeInteger(id) ? id : 0, ctx.customerId],
  );
  if (!rows[0]) throw goalErrors.accountNotAllowed();
  return { id: Number(rows[0].id), accountNo: rows[0].account_no };
}

/** A new savings account number for the goal (unique; retried on the rare clash). */
async function openGoalAccount(
  tx: Queryable,
  customerId: number,
  name: string,
): Promise<{ id: number; accountNo: string }> {
  for (;;) {
    const accountNo = `88${String(randomInt(0, 10 ** 10)).padStart(10, '0')}`;
    const { rows } = await tx.query<{ id: string | number }>(
      `INSERT INTO accounts (account_no, customer_id, product, name, currency, balance, floor, details)
       VALUES ($1, $2, 'savings', $3, 'IDR', 0, 0, '{"goal": true}'::jsonb) ON CONFLICT (account_no) DO NOTHING RETURNING id`,
      [accountNo, customerId, `Goal: ${name}`.slice(0, 60)],
    );
    if (rows[0]) return { id: Number(rows[0].id), accountNo };
  }
}

/** `goal.create`: opens the goal's account and its monthly transfer, in the confirm's transaction. */
export const createGoal: ServiceExecutor = {
  async check(db, ctx) {
    const p = planOf(ctx.form, bankDate());
    await sourceAccount(db, ctx);
    return planDetails(p);
  },
  async apply(tx, ctx) {
    const today = bankDate();
    const p = planOf(ctx.form, today);
    const source = await sourceAccount(tx, ctx);
    const account = await openGoalAccount(tx, ctx.customerId, p.name);
    const instructionId = await createInstruction(
      tx,
      {
        customerId: ctx.customerId,
        flowId: FUNDING_FLOW,
        form: { sourceOfFund: String(source.id), beneficiaryAccount: String(account.id), amount: p.monthly },
        summary: {
          beneficiaryName: `Goal: ${p.name}`,
          beneficiaryAccountNo: account.accountNo,
          sourceAccountNo: source.accountNo,
        },
        amount: p.monthly,
        currency: 'IDR',
        when: {
          kind: 'recurring',
          recurrence: p.recurrence,
          startDate: addDays(today, 1),
          endDate: p.targetDate,
        },
      },
      today,
    );
    const { rows } = await tx.query<{ id: string | number }>(
      `INSERT INTO goals (customer_id, name, category, target_amount, target_date, account_id, source_account_id, instruction_id, journal_id)
       VALUES ($1, $2, $3, $4, $5::date, $6, $7, $8, $9) RETURNING id`,
      [
        ctx.customerId,
        p.name,
        p.category,
        p.target,
        p.targetDate,
        account.id,
        source.id,
        instructionId,
        ctx.journalId,
      ],
    );
    await tx.query(
      `UPDATE accounts SET details = details || jsonb_build_object('goalId', $2::bigint) WHERE id = $1`,
      [account.id, Number(rows[0]!.id)],
    );
    return { goalAccountNo: account.accountNo };
  },
};

interface GoalRow {
  id: string | number;
  instruction_id: string | number;
  source_account_id: string | number;
  account_id: string | number;
  version: number;
}

async function ownGoal(db: Queryable, ctx: ServiceRequestContext): Promise<GoalRow> {
  const id = Number(ctx.form.goal);
  const { rows } = await db.query<GoalRow>(
    `SELECT g.id, g.instruction_id, g.source_account_id, g.account_id, s.version
       FROM goals g JOIN scheduled_transfers s ON s.id = g.instruction_id
      WHERE g.id = $1 AND g.customer_id = $2 AND g.status = 'active'`,
    [Number.isSafeInteger(id) ? id : 0, ctx.customerId],
  );
  if (!rows[0]) throw goalErrors.notFound();
  return rows[0];
}

/** `goal.edit`: a new name, target, date or monthly transfer; the scheduled transfer changes with it. */
export const editGoal: ServiceExecutor = {
  async check(db, ctx) {
    const p = planOf(ctx.form, bankDate());
    const g = await ownGoal(db, ctx);
    return { ...planDetails(p), instructionVersion: g.version };
  },
  async apply(tx, ctx) {
    const today = bankDate();
    const p = planOf(ctx.form, today);
    const g = await ownGoal(tx, ctx);
    await editInstruction(
      tx,
      ctx.customerId,
      Number(g.instruction_id),
      Number(ctx.details.instructionVersion ?? g.version),
      {
        amount: p.monthly,
        form: {
          sourceOfFund: String(g.source_account_id),
          beneficiaryAccount: String(g.account_id),
          amount: p.monthly,
        },
        when: {
          kind: 'recurring',
          recurrence: p.recurrence,
          startDate: addDays(today, 1),
          endDate: p.targetDate,
        },
      },
      today,
    );
    await tx.query(
      `UPDATE goals SET name = $2, category = $3, target_amount = $4, target_date = $5::date, updated_at = now() WHERE id = $1`,
      [Number(g.id), p.name, p.category, p.target, p.targetDate],
    );
    await tx.query('UPDATE accounts SET name = $2 WHERE id = $1', [
      Number(g.account_id),
      `Goal: ${p.name}`.slice(0, 60),
    ]);
    return {};
  },
};

/** `goals.active`: the customer's goals still running, to choose the one to edit. */
export const activeGoals: ChoiceSource = async ({ db, customerId }) => {
  const { rows } = await db.query<{
    id: string | number;
    name: string;
    category: string;
    target_amount: string | number;
    target_date: string;
    amount: string | number;
    recurrence: { dayOfMonth?: number } | null;
  }>(
    `SELECT g.id, g.name, g.category, g.target_amount, to_char(g.target_date, 'YYYY-MM-DD') AS target_date, s.amount, s.recurrence
       FROM goals g JOIN scheduled_transfers s ON s.id = g.instruction_id
      WHERE g.customer_id = $1 AND g.status = 'active' ORDER BY g.created_at, g.id`,
    [customerId],
  );
  return rows.map((r) => {
    const target = idr(Number(r.target_amount));
    return {
      value: String(r.id),
      labelEng: `${r.name} · ${formatMoney(target, 'en')}`,
      labelIdn: `${r.name} · ${formatMoney(target, 'id')}`,
      // What the edit form starts from (its choice "fills" these fields).
      detail: {
        form: {
          name: r.name,
          category: r.category,
          targetAmount: Number(r.target_amount),
          targetDate: r.target_date,
          monthlyAmount: Number(r.amount),
          dayOfMonth: Number(r.recurrence?.dayOfMonth ?? 1),
        },
      },
    };
  });
};

export const goalServiceExecutors = { 'goal.create': createGoal, 'goal.edit': editGoal } as const;
