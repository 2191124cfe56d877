import type { Db } from '../db/db';
import { bankDate } from '../../shared/bank-time';
import { newReferenceNo } from '../transactions/ledger';
import { createInstruction } from '../schedules/store';
import { addDays } from '../schedules/recurrence';

/**
 * budisantoso's goal: a holiday in Japan, Rp30,000,000 by ten months from now, Rp2,500,000 on the
 * 5th of each month from his first savings account; three transfers already made. Idempotent.
 */
export async function seedGoals(db: Db): Promise<void> {
  const { rows } = await db.query<{ id: string | number; source: string | number | null }>(
    `SELECT c.id, c.default_source_account_id AS source FROM customers c WHERE c.user_id = $1`,
    ['budisantoso'],
  );
  const budi = rows[0];
  if (!budi?.source) return;
  const customerId = Number(budi.id);
  const source = Number(budi.source);
  await db.transaction(async (tx) => {
    const has = await tx.query('SELECT 1 FROM goals WHERE customer_id = $1 LIMIT 1', [customerId]);
    if (has.rows.length) return;
    const today = bankDate();
    const targetDate = addDays(today, 300);
    const saved = 7_500_000_00;
    const acct = await tx.query<{ id: string | number }>(
      `INSERT INTO accounts (account_no, customer_id, product, name, currency, balance, floor, details)
       VALUES ('880000000517', $1, 'savings', 'Goal: Liburan ke Jepang', 'IDR', 0, 0, '{"goal": true}'::jsonb)
       ON CONFLICT (account_no) DO NOTHING RETURNING id`,
      [customerId],
    );
    if (!acct.rows[0]) return;
    const goalAccount = Number(acct.rows[0].id);
    // The three transfers made so far, as one balanced journal (the history shows it as the goal's savings).
    const j = await tx.query<{ id: string | number }>(
      `INSERT INTO journal (reference_no, customer_id, flow_id, status, amount, currency, description, description_eng, created_at)
       VALUES ($1, $2, 'transfer.own', 'success', $3, 'IDR', 'Setoran tujuan: Liburan ke Jepang', 'Goal savings: Holiday in Japan', now() - interval '5 days')
       RETURNING id`,
      [newReferenceNo(), customerId, saved],
    );
    await tx.query(
      `INSERT INTO ledger_entries (journal_id, account_id, amount, currency) VALUES ($1, $2, $3, 'IDR'), ($1, $4, $5, 'IDR')`,
      [Number(j.rows[0]!.id), source, -saved, goalAccount, saved],
    );
    await tx.query('UPDATE accounts SET balance = balance - $2 WHERE id = $1', [source, saved]);
    await tx.query('UPDATE accounts SET balance = balance + $2 WHERE id = $1', [goalAccount, saved]);
    const instructionId = await createInstruction(
      tx,
      {
        customerId,
        flowId: 'transfer.own',
        form: { sourceOfFund: String(source), beneficiaryAccount: String(goalAccount), amount: 2_500_000_00 },
        summary: { beneficiaryName: 'Goal: Liburan ke Jepang', beneficiaryAccountNo: '880000000517' },
        amount: 2_500_000_00,
        currency: 'IDR',
        when: {
          kind: 'recurring',
          recurrence: { every: 'month', dayOfMonth: 5 },
          startDate: addDays(today, 1),
          endDate: targetDate,
        },
      },
      today,
    );
    const g = await tx.query<{ id: string | number }>(
      `INSERT INTO goals (customer_id, name, category, target_amount, target_date, account_id, source_account_id, instruction_id, created_at)
       VALUES ($1, 'Liburan ke Jepang', 'travel', $2, $3::date, $4, $5, $6, now() - interval '95 days') RETURNING id`,
      [customerId, 30_000_000_00, targetDate, goalAccount, source, instructionId],
    );
    await tx.query(
      `UPDATE accounts SET details = details || jsonb_build_object('goalId', $2::bigint) WHERE id = $1`,
      [goalAccount, Number(g.rows[0]!.id)],
    );
  });
}
