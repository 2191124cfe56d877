import type { Queryable } from '../db/db';
import { addDays, occurrenceOnOrAfter, type Recurrence } from '../schedules/recurrence';

const WIB_MS = 7 * 3_600_000;
export const FORECAST_DAYS = 60;
export const wibToday = (now: Date) => new Date(now.getTime() + WIB_MS).toISOString().slice(0, 10);

export type SpendCategory = 'shopping' | 'bills' | 'topups' | 'transfers' | 'loans' | 'other';

/** A journal's spending category, from the flow that made it. */
export function categoryOf(flowId: string): SpendCategory {
  if (flowId === 'card.purchase') return 'shopping';
  if (flowId.startsWith('payment.')) return 'bills';
  if (flowId.startsWith('purchase.') || flowId.startsWith('donation.')) return 'topups';
  if (flowId.startsWith('transfer.') || flowId.startsWith('bi-fast.')) return 'transfers';
  if (flowId.includes('loan')) return 'loans';
  return 'other';
}

/** Descriptions are written "Indonesian / English"; one side of it. */
export const sideOf = (description: string, lang: 'en' | 'id') => {
  const [idn, eng] = description.split(' / ');
  return (lang === 'en' ? (eng ?? idn) : idn)!.trim();
};

interface Movement {
  journal_id: number;
  flow_id: string;
  description: string;
  /** The English side, kept apart since migration 057 (older rows: null, read from "Idn / Eng"). */
  description_eng: string | null;
  amount: number;
  created_at: Date;
}

/**
 * Money in and out of the customer's IDR accounts and cards, without moves between their own
 * products (a card bill paid from savings, a deposit placed, gold bought): only what left or came in.
 */
async function movements(db: Queryable, customerId: number, since: Date): Promise<Movement[]> {
  const { rows } = await db.query<Movement>(
    `SELECT j.id AS journal_id, j.flow_id, j.description, j.description_eng, e.amount, j.created_at
       FROM ledger_entries e
       JOIN accounts a ON a.id = e.account_id
       JOIN journal j ON j.id = e.journal_id
      WHERE a.customer_id = $1 AND a.product IN ('savings', 'current', 'credit_card') AND a.currency = 'IDR'
        AND j.status = 'success' AND j.created_at >= $2
        AND NOT EXISTS (
          SELECT 1 FROM ledger_entries o JOIN accounts oa ON oa.id = o.account_id
           WHERE o.journal_id = j.id AND o.id <> e.id AND oa.customer_id = $1)
      ORDER BY j.created_at`,
    [customerId, since.toISOString()],
  );
  return rows;
}

/** Spending by category and income, per Jakarta month, for the last `months` months (this one included). */
export async function spendingOf(db: Queryable, customerId: number, months: number, now = new Date()) {
  const today = wibToday(now);
  const first = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - months, 1) - WIB_MS);
  const list = await movements(db, customerId, first);
  const keys: string[] = [];
  for (let i = months - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 - i, 1));
    keys.push(d.toISOString().slice(0, 7));
  }
  const byMonth = new Map(
    keys.map((k) => [k, { month: k, income: 0, spending: {} as Record<SpendCategory, number>, total: 0 }]),
  );
  for (const m of list) {
    const key = wibToday(new Date(m.created_at)).slice(0, 7);
    const bucket = byMonth.get(key);
    if (!bucket) continue;
    if (m.amount > 0) bucket.income += m.amount;
    else {
      const c = categoryOf(m.flow_id);
      bucket.spending[c] = (bucket.spending[c] ?? 0) - m.amount;
      bucket.total -= m.amount;
    }
  }
  return [...byMonth.values()];
}

export interface ForecastEvent {
  date: string;
  kind: 'scheduled' | 'bill' | 'income' | 'recurring' | 'loan' | 'card' | 'deposit' | 'goal';
  label: { eng: string; idn: string };
  /** IDR minor units, signed: money in > 0. */
  amount: number;
}

const sameDayNextMonth = (d: string, k: number) => {
  const [y, m, day] = d.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + k + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + k, Math.min(day, last))).toISOString().slice(0, 10);
};

/**
 * The next 60 days (spec issue 23: "a forward view no peer offers"): scheduled transfers, bills and
 * income that recur every month in the history, loan installments, card bills, deposits maturing,
 * and the balance of the customer's IDR accounts projected day by day.
 */
export async function forecastOf(db: Queryable, customerId: number, now = new Date()) {
  const today = wibToday(now);
  const end = addDays(today, FORECAST_DAYS);
  const within = (d: string) => d > today && d <= end;
  const events: ForecastEvent[] = [];

  // Scheduled transfers (src/server/schedules): every occurrence in the window.
  const { rows: scheduled } = await db.query<{
    kind: 'once' | 'recurring';
    recurrence: Recurrence | string | null;
    start_date: string | Date;
    end_date: string | Date | null;
    max_runs: number | null;
    runs_done: number;
    next_run_date: string | Date | null;
    amount: number;
    currency: string;
    summary: Record<string, unknown> | string;
  }>(
    `SELECT kind, recurrence, start_date, end_date, max_runs, runs_done, next_run_date, amount, currency, summary
       FROM scheduled_transfers WHERE customer_id = $1 AND status = 'active' AND currency = 'IDR'`,
    [customerId],
  );
  const day = (v: string | Date | null) =>
    v === null ? null : typeof v === 'string' ? v.slice(0, 10) : wibToday(v);
  for (const s of scheduled) {
    const summary = (typeof s.summary === 'string' ? JSON.parse(s.summary) : s.summary) as Record<
      string,
      unknown
    >;
    const to = String(summary.beneficiaryName ?? summary.beneficiaryAccountNo ?? '');
    const label = {
      eng: `Scheduled transfer${to ? ` to ${to}` : ''}`,
      idn: `Transfer terjadwal${to ? ` ke ${to}` : ''}`,
    };
    const next = day(s.next_run_date) ?? day(s.start_date)!;
    if (s.kind === 'once') {
      if (within(next) || next === today)
        events.push({ date: next, kind: 'scheduled', label, amount: -s.amount });
      continue;
    }
    const r = (typeof s.recurrence === 'string' ? JSON.parse(s.recurrence) : s.recurrence) as Recurrence;
    const stop = day(s.end_date);
    let runs = s.runs_done;
    for (let d = next; d <= end; d = occurrenceOnOrAfter(r, addDays(d, 1), day(s.start_date)!)) {
      if ((stop && d > stop) || (s.max_runs !== null && runs >= s.max_runs)) break;
      if (d > today) events.push({ date: d, kind: 'scheduled', label, amount: -s.amount });
      runs += 1;
    }
  }

  // What came in or went out in at least two of the last three months, on about the same day:
  // expected again (salary, a monthly bill, a monthly transfer). Card spending varies: left out.
  const since = new Date(Date.parse(`${addDays(today, -92)}T00:00:00Z`) - WIB_MS);
  const groups = new Map<string, Movement[]>();
  for (const m of await movements(db, customerId, since)) {
    if (m.flow_id === 'card.purchase' || m.flow_id.includes('loan-installment')) continue;
    const key = `${m.flow_id}|${m.description}|${m.amount > 0 ? 'in' : 'out'}`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  for (const list of groups.values()) {
    const months = new Set(list.map((m) => wibToday(new Date(m.created_at)).slice(0, 7)));
    if (months.size < 2) continue;
    const last = list[list.length - 1]!;
    const recent = list.slice(-3);
    const amount = Math.round(recent.reduce((s, m) => s + m.amount, 0) / recent.length);
    const lastDay = wibToday(new Date(last.created_at));
    const kind: ForecastEvent['kind'] =
      amount > 0 ? 'income' : last.flow_id.startsWith('payment.') ? 'bill' : 'recurring';
    const label = {
      eng: last.description_eng ?? sideOf(last.description, 'en'),
      idn: sideOf(last.description, 'id'),
    };
    for (let k = 1; k <= 3; k++) {
      const d = sameDayNextMonth(lastDay, k);
      if (within(d)) events.push({ date: d, kind, label, amount });
    }
  }

  // Loan installments, monthly from the next due date.
  const { rows: loans } = await db.query<{
    account_no: string;
    installment: number;
    next_due_date: string | Date;
  }>(
    `SELECT a.account_no, l.installment, l.next_due_date FROM loans l JOIN accounts a ON a.id = l.account_id
      WHERE a.customer_id = $1 AND a.status = 'active' AND a.currency = 'IDR'`,
    [customerId],
  );
  for (const l of loans)
    for (let k = 0; k < 3; k++) {
      const d = sameDayNextMonth(day(l.next_due_date)!, k);
      if (within(d) || d === today)
        events.push({
          date: d,
          kind: 'loan',
          label: { eng: `Loan installment ${l.account_no}`, idn: `Angsuran pinjaman ${l.account_no}` },
          amount: -l.installment,
        });
    }

  // Card bills: what is owed now, due 15 days after the next statement date.
  const { rows: cards } = await db.query<{ masked_number: string; statement_day: number; balance: number }>(
    `SELECT k.masked_number, k.statement_day, a.balance FROM card_accounts k JOIN accounts a ON a.id = k.account_id
      WHERE a.customer_id = $1 AND k.main_account_id IS NULL AND k.status = 'active' AND a.balance < 0`,
    [customerId],
  );
  for (const c of cards) {
    const thisMonth = `${today.slice(0, 8)}${String(c.statement_day).padStart(2, '0')}`;
    const statement = thisMonth > today ? thisMonth : sameDayNextMonth(thisMonth, 1);
    const due = addDays(statement, 15);
    if (within(due))
      events.push({
        date: due,
        kind: 'card',
        label: { eng: `Card bill ${c.masked_number}`, idn: `Tagihan kartu ${c.masked_number}` },
        amount: c.balance,
      });
  }

  // Deposits maturing: money back unless it rolls over.
  const { rows: deposits } = await db.query<{
    account_no: string;
    principal: number;
    maturity_date: string | Date;
    aro: boolean;
  }>(
    `SELECT a.account_no, t.principal, t.maturity_date, t.aro FROM time_deposits t JOIN accounts a ON a.id = t.account_id
      WHERE a.customer_id = $1 AND a.status = 'active' AND a.currency = 'IDR'`,
    [customerId],
  );
  for (const d of deposits) {
    const date = day(d.maturity_date)!;
    if (within(date))
      events.push({
        date,
        kind: 'deposit',
        label: d.aro
          ? {
              eng: `Deposit ${d.account_no} matures and rolls over`,
              idn: `Deposito ${d.account_no} jatuh tempo dan diperpanjang`,
            }
          : { eng: `Deposit ${d.account_no} matures`, idn: `Deposito ${d.account_no} jatuh tempo` },
        amount: d.aro ? 0 : d.principal,
      });
  }

  events.sort((a, b) => a.date.localeCompare(b.date) || a.amount - b.amount);

  const { rows: casa } = await db.query<{ total: number | null }>(
    `SELECT sum(balance)::bigint AS total FROM accounts
      WHERE customer_id = $1 AND product IN ('savings', 'current') AND currency = 'IDR' AND status = 'active'`,
    [customerId],
  );
  const start = Number(casa[0]?.total ?? 0);
  const balances: { date: string; balance: number }[] = [];
  let balance = start;
  let i = 0;
  for (let d = today; d <= end; d = addDays(d, 1)) {
    while (i < events.length && events[i]!.date <= d) balance += events[i++]!.amount;
    balances.push({ date: d, balance });
  }
  const lowest = balances.reduce((lo, b) => (b.balance < lo.balance ? b : lo), balances[0]!);
  return { today, end, start, events, balances, lowest };
}
