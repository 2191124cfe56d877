import type { Queryable } from './db';

/**
 * A read of the database by key, written once as ONE statement for many keys. Whoever reads one key
 * (one inquiry) runs it with that key alone; a batch quoting many rows together (quote-many.ts) runs it
 * once for all the keys its rows ask for at the same moment, so a thousand rows cost one round trip
 * instead of a thousand, through the same SQL.
 */
export interface KeyedRead<K, V> {
  /** What the read is, for errors. */
  name: string;
  /** The key's identity (two keys with the same text are the same read). */
  id(key: K): string;
  /** The values of the keys, index for index. */
  load(db: Queryable, keys: readonly K[]): Promise<V[]>;
}

/** Runs keyed reads: one key at a time (`directReads`) or gathered (`gatheredReads`). */
export interface Reads {
  get<K, V>(read: KeyedRead<K, V>, key: K): Promise<V>;
}

async function loadAligned<K, V>(read: KeyedRead<K, V>, db: Queryable, keys: readonly K[]): Promise<V[]> {
  const values = await read.load(db, keys);
  if (values.length !== keys.length)
    throw new Error(`read ${read.name} answered ${values.length} values for ${keys.length} keys`);
  return values;
}

/** Each read on its own, now: what one inquiry does. */
export function directReads(db: Queryable): Reads {
  return {
    get: async (read, key) => (await loadAligned(read, db, [key]))[0]!,
  };
}

/**
 * The keys asked for in one turn of the event loop (every row that reached the same read) read in one
 * statement per read, each key once for the life of this object: the rows of one batch see the database
 * as it was when the batch was quoted, as rows quoted one after another would (quoting writes nothing
 * they read). Make one per batch, never share it between requests.
 */
export function gatheredReads(db: Queryable): Reads {
  type Waiting = { key: unknown; resolve(v: unknown): void; reject(e: unknown): void };
  const pending = new Map<KeyedRead<unknown, unknown>, Waiting[]>();
  const known = new Map<KeyedRead<unknown, unknown>, Map<string, Promise<unknown>>>();
  let scheduled = false;

  async function flush(read: KeyedRead<unknown, unknown>, waiting: Waiting[]) {
    try {
      const values = await loadAligned(
        read,
        db,
        waiting.map((w) => w.key),
      );
      waiting.forEach((w, i) => w.resolve(values[i]));
    } catch (err) {
      for (const w of waiting) w.reject(err);
    }
  }

  function flushAll() {
    scheduled = false;
    const due = [...pending];
    pending.clear();
    for (const [read, waiting] of due) void flush(read, waiting);
  }

  return {
    get<K, V>(read: KeyedRead<K, V>, key: K): Promise<V> {
      const r = read as KeyedRead<unknown, unknown>;
      const ids = known.get(r) ?? new Map<string, Promise<unknown>>();
      known.set(r, ids);
      const id = read.id(key);
      const hit = ids.get(id);
      if (hit) return hit as Promise<V>;
      const p = new Promise<unknown>((resolve, reject) => {
        const waiting = pending.get(r) ?? [];
        pending.set(r, waiting);
        waiting.push({ key, resolve, reject });
      });
      ids.set(id, p);
      // After the microtasks of this turn: every row that can reach a read by then is in the statement.
      if (!scheduled) {
        scheduled = true;
        setImmediate(flushAll);
      }
      return p as Promise<V>;
    },
  };
}
