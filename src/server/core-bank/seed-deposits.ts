import type { BankingEvent } from './seed-data';
import { accountOf, addMonths, isoDate, postSpec, type SeedContext, type SeedPersona } from './seed-ledger';

type TimeDepositEvent = Extract<BankingEvent, { kind: 'time-deposit' }>;

/** A time deposit placed on the day its account opened, and the placement's journal. */
export async function seedTimeDeposit(c: SeedContext, p: SeedPersona, td: TimeDepositEvent) {
  const account = accountOf(p, td.account);
  const placed = account.openedAt;
  await c.tx.query(
    `INSERT INTO time_deposits (account_id, principal, rate, tenor_months, placement_date, maturity_date, aro, disbursement_account_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      account.id,
      td.principal,
      td.rate,
      td.tenorMonths,
      isoDate(placed),
      isoDate(addMonths(placed, td.tenorMonths)),
      td.aro,
      accountOf(p, td.disbursementAccount).id,
    ],
  );
  await postSpec(c, p, placed, {
    flowId: td.flowId,
    description: td.description,
    amount: td.principal,
    from: td.from,
    to: td.account,
  });
}
