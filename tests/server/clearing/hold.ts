import type { Db } from '../../../src/server/db/db';
import { internalAccount, newReferenceNo } from '../../../src/server/transactions/ledger';

/**
 * Money held for an outside party as the engine's confirm holds it (journal pending, entries posted,
 * a pending_settlements row): the state settlement.ts then settles. Returns the journal's id.
 */
export async function holdPayment(
  db: Db,
  opts: {
    customerId: number;
    accountId: number;
    amount: number;
    fee?: number;
    details: Record<string, unknown>;
  },
): Promise<{ journalId: number; receipt: Record<string, unknown> & { details: Record<string, unknown> } }> {
  const clearing = await internalAccount(db, 'SETTLEMENT-CLEARING', 'IDR');
  const feeIncome = await internalAccount(db, 'FEE-INCOME', 'IDR');
  const fee = opts.fee ?? 0;
  const receipt = {
    flowId: 'transfer.interbank',
    amount: { amount: opts.amount, currency: 'IDR' },
    fees: fee ? [{ kind: 'admin', amount: { amount: fee, currency: 'IDR' } }] : [],
    total: { amount: opts.amount + fee, currency: 'IDR' },
    details: opts.details,
  };
  const journalId = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO journal (reference_no, customer_id, flow_id, idempotency_key, status, amount, currency, description, details)
       VALUES ($1, $2, 'transfer.interbank', $3, 'pending', $4, 'IDR', 'Transfer', $5::jsonb) RETURNING id`,
      [newReferenceNo(), opts.customerId, `hold-${Math.random()}`, opts.amount, JSON.stringify({ receipt })],
    );
    const id = Number(rows[0]!.id);
    const legs: [number, number][] = [
      [opts.accountId, -(opts.amount + fee)],
      [clearing, opts.amount],
      ...(fee ? ([[feeIncome, fee]] as [number, number][]) : []),
    ];
    for (const [account, amount] of legs) {
      await tx.query(
        `INSERT INTO ledger_entries (journal_id, account_id, amount, currency) VALUES ($1, $2, $3, 'IDR')`,
        [id, account, amount],
      );
      await tx.query('UPDATE accounts SET balance = balance + $2 WHERE id = $1', [account, amount]);
    }
    await tx.query(
      `INSERT INTO pending_settlements (journal_id, next_check_at) VALUES ($1, now() + interval '60 seconds')`,
      [id],
    );
    return id;
  });
  return { journalId, receipt };
}
