import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/db';
import { pruneLimitUse } from '../../../src/server/db/prune-limit-use';
import { bothEngines, insertCustomer } from '../../kit';

/** What limit_used() summed before migration 330: the journals of today (Jakarta) that count. */
const SUMMED = `SELECT coalesce(sum(j.limit_amount), 0)::int8 AS used FROM journal j
  WHERE j.customer_id = $1 AND j.limit_category = $2 AND j.status IN ('success', 'pending')
    AND j.created_at >= (date_trunc('day', now() AT TIME ZONE 'Asia/Jakarta') AT TIME ZONE 'Asia/Jakarta')`;
const TODAY = `(now() AT TIME ZONE 'Asia/Jakarta')::date`;

// Issue 40's debt of migration 330: a limit_use row per customer, category and Jakarta day was kept forever.
describe.each(bothEngines)('the limit use of past days, pruned, on $name', (engine) => {
  let db: Db;
  beforeAll(async () => {
    db = await engine.open();
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  let seq = 0;
  /** A journal that counts, dated `shift` from now (an interval), through the trigger as any write. */
  async function journal(customerId: number, amount: number, shift: string, category = 'transfer') {
    seq++;
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO journal (reference_no, customer_id, flow_id, status, amount, currency, limit_category, limit_amount)
       VALUES ($1, $2, 'transfer.samebank', 'success', $3, 'IDR', $4, $3) RETURNING id`,
      [`LP${process.pid}-${seq}`, customerId, amount, category],
    );
    const id = rows[0]!.id;
    await db.query(`UPDATE journal SET created_at = now() + $2::interval WHERE id = $1`, [id, shift]);
    return id;
  }
  const rowsOf = async (where: string) =>
    (
      await db.query<{ customer_id: number; category: string; day: string; used: number }>(
        `SELECT customer_id, category, day::text AS day, used FROM limit_use WHERE ${where}
          ORDER BY customer_id, category, day`,
      )
    ).rows.map((r) => ({ ...r, customer_id: Number(r.customer_id), used: Number(r.used) }));
  const used = async (customerId: number, category = 'transfer') =>
    Number(
      (await db.query<{ used: number }>('SELECT limit_used($1, $2) AS used', [customerId, category])).rows[0]!
        .used,
    );
  const summed = async (customerId: number, category = 'transfer') =>
    Number((await db.query<{ used: number }>(SUMMED, [customerId, category])).rows[0]!.used);

  it("deletes the days before today and keeps today's and later ones, limit_used() unchanged", async () => {
    const a = await insertCustomer(db);
    const b = await insertCustomer(db);
    const old = await journal(a.customerId, 400_000, '-3 days');
    await journal(a.customerId, 300_000, '-1 day');
    await journal(a.customerId, 150_000, '0 seconds');
    await journal(a.customerId, 20_000, '0 seconds', 'payment');
    await journal(a.customerId, 7_000, '1 day');
    await journal(b.customerId, 90_000, '-2 days', 'payment');
    await journal(b.customerId, 60_000, '0 seconds', 'payment');

    const before = {
      a: await used(a.customerId),
      aPayment: await used(a.customerId, 'payment'),
      bPayment: await used(b.customerId, 'payment'),
    };
    expect(before).toEqual({ a: 157_000, aPayment: 20_000, bPayment: 60_000 });
    const kept = await rowsOf(`day >= ${TODAY}`);
    expect(kept.length).toBe(4);
    expect((await rowsOf(`day < ${TODAY}`)).length).toBe(3);

    expect(await pruneLimitUse(db)).toBe(3);
    expect(await rowsOf(`day < ${TODAY}`)).toEqual([]);
    expect(await rowsOf('true')).toEqual(kept);
    expect({
      a: await used(a.customerId),
      aPayment: await used(a.customerId, 'payment'),
      bPayment: await used(b.customerId, 'payment'),
    }).toEqual(before);
    expect(await used(a.customerId)).toBe(await summed(a.customerId));
    expect(await pruneLimitUse(db)).toBe(0);

    // A journal of a pruned day changed later (a refusal, its deletion) leaves today's use as it was.
    await db.query(`UPDATE journal SET status = 'failed' WHERE id = $1`, [old]);
    expect(await used(a.customerId)).toBe(before.a);
    expect(await rowsOf('true')).toEqual(kept);
    // And today goes on counting from the kept row.
    await journal(a.customerId, 1_000, '0 seconds');
    expect(await used(a.customerId)).toBe(before.a + 1_000);
    expect(await used(a.customerId)).toBe(await summed(a.customerId));
  });
});
