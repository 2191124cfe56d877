import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../../src/server/db/db';
import { directReads, gatheredReads, type KeyedRead } from '../../../src/server/db/keyed-reads';

// The reads are the caller's own statements: what is checked here is how keys are handed to them.
const db: Queryable = { query: async () => ({ rows: [], rowCount: 0 }) };

function doubling(fail = false) {
  const calls: number[][] = [];
  const read: KeyedRead<number, number> = {
    name: 'doubling',
    id: (k) => String(k),
    async load(_db, keys) {
      calls.push([...keys]);
      if (fail) throw new Error('database gone');
      return keys.map((k) => k * 2);
    },
  };
  return { read, calls };
}

describe('keyed reads', () => {
  it('reads each key on its own when read directly', async () => {
    const { read, calls } = doubling();
    const reads = directReads(db);
    expect(await Promise.all([reads.get(read, 1), reads.get(read, 2), reads.get(read, 1)])).toEqual([
      2, 4, 2,
    ]);
    expect(calls).toEqual([[1], [2], [1]]);
  });

  it('gathers the keys asked for in one turn into one read, each key once, and keeps what it read', async () => {
    const { read, calls } = doubling();
    const reads = gatheredReads(db);
    const first = Promise.all([1, 2, 3, 2].map((k) => reads.get(read, k)));
    // Asked after an await of the same turn: still in the same read.
    const later = Promise.resolve().then(() => reads.get(read, 4));
    expect(await first).toEqual([2, 4, 6, 4]);
    expect(await later).toBe(8);
    expect(calls).toEqual([[1, 2, 3, 4]]);
    expect(await Promise.all([reads.get(read, 3), reads.get(read, 5)])).toEqual([6, 10]);
    expect(calls).toEqual([[1, 2, 3, 4], [5]]);
  });

  it('fails every key of a read that fails, and refuses an answer that does not match the keys', async () => {
    const { read } = doubling(true);
    const reads = gatheredReads(db);
    const both = [reads.get(read, 1), reads.get(read, 2)];
    await expect(both[0]).rejects.toThrow('database gone');
    await expect(both[1]).rejects.toThrow('database gone');
    const short: KeyedRead<number, number> = { name: 'short', id: String, load: async () => [1] };
    await expect(directReads(db).get(short, 1)).resolves.toBe(1);
    await expect(Promise.all([reads.get(short, 1), reads.get(short, 2)])).rejects.toThrow(
      'read short answered 1 values for 2 keys',
    );
  });
});
