import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/db';
import { bothEngines } from '../../kit';

/** Resolves with the first value pushed that satisfies `ok`; rejects after 10 s. */
function collector<T>() {
  const seen: T[] = [];
  const waiters: { ok: (v: T) => boolean; resolve: (v: T) => void }[] = [];
  return {
    seen,
    push(v: T) {
      seen.push(v);
      for (const w of [...waiters]) if (w.ok(v)) w.resolve(v);
    },
    next(ok: (v: T) => boolean): Promise<T> {
      const found = seen.find(ok);
      if (found !== undefined) return Promise.resolve(found);
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('nothing arrived in 10 s')), 10_000);
        waiters.push({
          ok,
          resolve: (v) => {
            clearTimeout(timer);
            resolve(v);
          },
        });
      });
    },
  };
}

describe.each(bothEngines)('LISTEN / NOTIFY through the database on $name', (engine) => {
  const { openTwice } = engine;
  let db: Db;
  let other: Db;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ first: db, second: other, close } = await openTwice());
  });
  afterAll(async () => {
    await close?.();
  });

  it("hears another server's NOTIFY, and nothing on a channel it stopped listening to", async () => {
    const a = collector<string>();
    const b = collector<string>();
    const stopA = await db.listen('test_a', a.push);
    const stopB = await db.listen('test_b', b.push);
    await other.query('SELECT pg_notify($1, $2)', ['test_a', 'one']);
    expect(await a.next((p) => p === 'one')).toBe('one');

    await stopA();
    await other.query('SELECT pg_notify($1, $2)', ['test_a', 'two']);
    await other.query('SELECT pg_notify($1, $2)', ['test_b', 'after']);
    // One connection delivers in order: once 'after' is here, 'two' would have been too.
    await b.next((p) => p === 'after');
    expect(a.seen).toEqual(['one']);
    await stopB();
  });

  it('delivers a NOTIFY sent inside a transaction only when it commits', async () => {
    const c = collector<string>();
    const stop = await db.listen('test_tx', c.push);
    await other
      .transaction(async (tx) => {
        await tx.query('SELECT pg_notify($1, $2)', ['test_tx', 'rolled back']);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await other.transaction(async (tx) => {
      await tx.query('SELECT pg_notify($1, $2)', ['test_tx', 'committed']);
    });
    await c.next((p) => p === 'committed');
    expect(c.seen).toEqual(['committed']);
    await stop();
  });
});

const postgres = bothEngines.find((t) => t.name === 'postgres')!;

describe.runIf(postgres)('the listening connection on postgres', () => {
  it('listens again after its connection is lost, tells of the gap, and hears what comes next', async () => {
    const { first: db, second: other, close } = await postgres.openTwice();
    try {
      const payloads = collector<string>();
      const gaps = collector<number>();
      let gapCount = 0;
      const stop = await db.listen('test_gap', payloads.push, () => gaps.push(++gapCount));
      const killed = await other.query<{ killed: boolean }>(
        `SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = 'listener'`,
      );
      expect(killed.rows.map((r) => r.killed)).toEqual([true]);
      await gaps.next((n) => n === 1);
      await other.query('SELECT pg_notify($1, $2)', ['test_gap', 'after the gap']);
      await payloads.next((p) => p === 'after the gap');
      await stop();
    } finally {
      await close();
    }
  });

  it('is one per database handle, opened on the first listen and gone after close', async () => {
    const { first, second, close } = await postgres.openTwice();
    const listeners = async () =>
      (
        await first.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = 'listener'`,
        )
      ).rows[0]!.n;
    try {
      expect(await listeners()).toBe(0);
      await second.listen('one', () => undefined);
      await second.listen('two', () => undefined);
      expect(await listeners()).toBe(1);
      await second.close();
      // The backend goes away just after the client hangs up.
      for (let i = 0; i < 100 && (await listeners()) > 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await listeners()).toBe(0);
    } finally {
      await close();
    }
  });
});
