import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/db';
import { bothEngines, insertCustomer } from '../../kit';

/** What limit_used() summed before migration 330: the journals of today (Jakarta) that count. */
const SUMMED = `SELECT coalesce(sum(j.limit_amount), 0)::int8 AS used FROM journal j
  WHERE j.customer_id = $1 AND j.limit_category = $2 AND j.status IN ('success', 'pending')
    AND j.created_at >= (date_trunc('day', now() AT TIME ZONE 'Asia/Jakarta') AT TIME ZONE 'Asia/Jakarta')`;

describe.each(bothEngines)("today's use of a limit, kept as journals are written, on $name", (engine) => {
  let db: Db;
  beforeAll(async () => {
    db = await engine.open();
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  let seq = 0;
  async function journal(customerId: number, status: string, amount: number, category = 'transfer') {
    seq++;
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO journal (reference_no, customer_id, flow_id, status, amount, currency, limit_category, limit_amount)
       VALUES ($1, $2, 'transfer.samebank', $3, $4, 'IDR', $5, $4) RETURNING id`,
      [`LU${process.pid}-${seq}`, customerId, status, amount, category],
    );
    return rows[0]!.id;
  }

  it('answers what summing the journals answers, through bookings, failures, moves and deletions', async () => {
    const { customerId } = await insertCustomer(db);
    const used = async (category = 'transfer') =>
      (await db.query<{ used: number }>('SELECT limit_used($1, $2) AS used', [customerId, category])).rows[0]!
        .used;
    const summed = async (category = 'transfer') =>
      (await db.query<{ used: number }>(SUMMED, [customerId, category])).rows[0]!.used;
    const same = async () => {
      expect(await used()).toBe(await summed());
      expect(await used('payment')).toBe(await summed('payment'));
    };

    await same();
    const booked = await journal(customerId, 'success', 150_000);
    const held = await journal(customerId, 'pending', 70_000);
    await journal(customerId, 'failed', 990_000);
    await journal(customerId, 'success', 20_000, 'payment');
    expect(await used()).toBe(220_000);
    await same();
    // A biller refuses the payment held: its money no longer counts.
    await db.query(`UPDATE journal SET status = 'failed' WHERE id = $1`, [held]);
    expect(await used()).toBe(150_000);
    await same();
    // Booked yesterday, or dated tomorrow (still today's and later: it counts, as the sum counted it).
    const yesterday = await journal(customerId, 'success', 5_000);
    await db.query(`UPDATE journal SET created_at = now() - interval '1 day' WHERE id = $1`, [yesterday]);
    const tomorrow = await journal(customerId, 'success', 3_000);
    await db.query(`UPDATE journal SET created_at = now() + interval '1 day' WHERE id = $1`, [tomorrow]);
    expect(await used()).toBe(153_000);
    await same();
    await db.query(`UPDATE journal SET limit_amount = 100000, limit_category = 'payment' WHERE id = $1`, [
      booked,
    ]);
    await same();
    await db.query(`DELETE FROM ledger_entries WHERE journal_id = $1`, [tomorrow]);
    await db.query(`DELETE FROM journal WHERE id = $1`, [tomorrow]);
    expect(await used()).toBe(0);
    expect(await used('payment')).toBe(120_000);
    await same();
  });
});
