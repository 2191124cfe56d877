import type { Queryable } from '../db/db';
import type { Money } from '../../shared/money';
import { ApiError } from '../http/api-error';

// The customer's loans: the Octo Loan's line, its withdrawals and every instalment.

const m = (amount: number, currency: string): Money => ({ amount, currency });

export const noLoan = () =>
  new ApiError(404, 'CLICKS', '5072', {
    titleEng: 'No loan',
    titleIdn: 'Tidak ada pinjaman',
    messageEng: 'You do not have an Octo Loan yet.',
    messageIdn: 'Anda belum memiliki Octo Loan.',
  });

export const noInstallments = () =>
  new ApiError(404, 'CLICKS', '1213', {
    titleEng: 'No installments',
    titleIdn: 'Tidak ada cicilan',
    messageEng: 'You have no installments at the moment.',
    messageIdn: 'Anda tidak memiliki cicilan saat ini.',
  });

export const withdrawalNotFound = () =>
  new ApiError(404, 'CLICKS', 'WITHDRAWAL_NOT_FOUND', {
    titleEng: 'Withdrawal not found',
    titleIdn: 'Penarikan tidak ditemukan',
    messageEng: 'This withdrawal is not one of yours.',
    messageIdn: 'Penarikan ini tidak ditemukan pada pinjaman Anda.',
  });

interface LoanRow {
  id: number;
  account_no: string;
  name: string;
  currency: string;
  balance: number;
  loan_type: string;
  plafond: number;
  rate: string;
  tenor_months: number;
  installment: number;
  start_date: string;
  next_due_date: string;
  debit_account_no: string | null;
}

async function loansOf(db: Queryable, customerId: number): Promise<LoanRow[]> {
  const { rows } = await db.query<LoanRow>(
    `SELECT a.id, a.account_no, a.name, a.currency, a.balance, l.loan_type, l.plafond, l.rate::text AS rate, l.tenor_months,
            l.installment, l.start_date::text AS start_date, l.next_due_date::text AS next_due_date,
            d.account_no AS debit_account_no
       FROM accounts a JOIN loans l ON l.account_id = a.id LEFT JOIN accounts d ON d.id = l.debit_account_id
      WHERE a.customer_id = $1 AND a.status = 'active' ORDER BY a.id`,
    [customerId],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), currency: r.currency.trim() }));
}

async function installmentsPaid(db: Queryable, loanId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ledger_entries e JOIN journal j ON j.id = e.journal_id
      WHERE e.account_id = $1 AND j.flow_id = 'core.loan-installment' AND e.amount > 0`,
    [loanId],
  );
  return Number(rows[0]?.n ?? 0);
}

/** The Octo Loan: its line (plafond), what is owed and what can still be drawn, and the instalments. */
export async function octoloan(db: Queryable, customerId: number) {
  const loans = await loansOf(db, customerId);
  if (loans.length === 0) throw noLoan();
  return {
    loans: await Promise.all(
      loans.map(async (l) => {
        const paid = await installmentsPaid(db, l.id);
        const outstanding = Math.max(0, -Number(l.balance));
        return {
          id: l.id,
          accountNo: l.account_no,
          name: l.name,
          loanType: l.loan_type,
          plafond: m(Number(l.plafond), l.currency),
          outstanding: m(outstanding, l.currency),
          available: m(Math.max(0, Number(l.plafond) - outstanding), l.currency),
          rate: l.rate,
          tenorMonths: l.tenor_months,
          installment: m(Number(l.installment), l.currency),
          installmentsPaid: paid,
          installmentsLeft: Math.max(0, l.tenor_months - paid),
          startDate: l.start_date,
          nextDueDate: l.next_due_date,
          debitAccountNo: l.debit_account_no,
        };
      }),
    ),
  };
}

/** Money drawn from the customer's loans: each disbursement journal, newest first. */
export async function withdrawals(db: Queryable, customerId: number, referenceNo?: string) {
  const loans = await loansOf(db, customerId);
  if (loans.length === 0) throw noLoan();
  const { rows } = await db.query<{
    reference_no: string;
    created_at: Date | string;
    amount: number;
    currency: string;
    status: string;
    description: string;
    account_id: number;
    to_account_no: string | null;
  }>(
    `SELECT j.reference_no, j.created_at, -e.amount AS amount, e.currency, j.status, j.description, e.account_id,
            (SELECT a.account_no FROM ledger_entries o JOIN accounts a ON a.id = o.account_id
              WHERE o.journal_id = j.id AND o.amount > 0 AND a.customer_id = $1 LIMIT 1) AS to_account_no
       FROM ledger_entries e JOIN journal j ON j.id = e.journal_id
      WHERE e.account_id = ANY($2::bigint[]) AND e.amount < 0 AND ($3::text IS NULL OR j.reference_no = $3)
      ORDER BY j.created_at DESC, j.id DESC`,
    [customerId, loans.map((l) => l.id), referenceNo ?? null],
  );
  if (referenceNo && rows.length === 0) throw withdrawalNotFound();
  const loanOf = new Map(loans.map((l) => [l.id, l]));
  return rows.map((r) => {
    const l = loanOf.get(Number(r.account_id))!;
    return {
      referenceNo: r.reference_no,
      at: new Date(r.created_at).toISOString(),
      amount: m(Number(r.amount), r.currency.trim()),
      status: r.status,
      description: r.description,
      loanAccountNo: l.account_no,
      toAccountNo: r.to_account_no,
      rate: l.rate,
      tenorMonths: l.tenor_months,
      installment: m(Number(l.installment), l.currency),
    };
  });
}

/** Every instalment the customer pays: loans (card instalments join once a purchase can be converted). */
export async function installmentSummary(db: Queryable, customerId: number) {
  const loans = await loansOf(db, customerId);
  if (loans.length === 0) throw noInstallments();
  const items = await Promise.all(
    loans.map(async (l) => {
      const paid = await installmentsPaid(db, l.id);
      return {
        kind: 'loan' as const,
        name: l.name,
        accountNo: l.account_no,
        installment: m(Number(l.installment), l.currency),
        nextDueDate: l.next_due_date,
        paid,
        tenorMonths: l.tenor_months,
        remaining: m(Math.max(0, -Number(l.balance)), l.currency),
        debitAccountNo: l.debit_account_no,
      };
    }),
  );
  return {
    items,
    monthlyTotal: m(
      items.reduce((s, i) => s + i.installment.amount, 0),
      'IDR',
    ),
  };
}
