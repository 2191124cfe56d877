import type { BankingEvent } from './seed-data';
import { accountOf, addMonths, isoDate, postSpec, type SeedContext, type SeedPersona } from './seed-ledger';

type LoanEvent = Extract<BankingEvent, { kind: 'loan' }>;

/** A loan disbursed on the day its account opened (the loan account goes negative), due monthly since. */
export async function seedLoan(c: SeedContext, p: SeedPersona, loan: LoanEvent) {
  const account = accountOf(p, loan.account);
  const start = account.openedAt;
  let nextDue = addMonths(start, 1);
  while (nextDue.getTime() < c.now.getTime()) nextDue = addMonths(nextDue, 1);
  await c.tx.query(
    `INSERT INTO loans (account_id, loan_type, plafond, rate, tenor_months, installment, start_date, next_due_date, debit_account_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      account.id,
      loan.loanType,
      loan.plafond,
      loan.rate,
      loan.tenorMonths,
      loan.installment,
      isoDate(start),
      isoDate(nextDue),
      accountOf(p, loan.debitAccount).id,
    ],
  );
  await postSpec(c, p, start, {
    flowId: loan.flowId,
    description: loan.description,
    amount: loan.plafond,
    from: loan.account,
    to: loan.to,
  });
}
