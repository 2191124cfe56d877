import type { FastifyInstance } from 'fastify';
import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  type RateLimitPluginOptions,
} from '@fastify/rate-limit';
import type { Queryable } from '../db/db';

/**
 * One request counted in its key's fixed window, in one statement: the window starts at the first
 * hit and lasts timeWindow; a hit after it ends starts a new one. Answers the count and what is left
 * of the window, on the database's clock (every app server reads the same one).
 */
const COUNT_SQL = `INSERT INTO rate_limit_counts AS r (key, hits, window_ends_at)
  VALUES ($1, 1, now() + $2::int * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN r.window_ends_at <= now() THEN 1 ELSE r.hits + 1 END,
    window_ends_at = CASE WHEN r.window_ends_at <= now() THEN EXCLUDED.window_ends_at ELSE r.window_ends_at END
  RETURNING hits, greatest(0, floor(extract(epoch from (window_ends_at - now())) * 1000))::int8 AS ttl`;

const READ_SQL = `SELECT hits, greatest(0, floor(extract(epoch from (window_ends_at - now())) * 1000))::int8 AS ttl
  FROM rate_limit_counts WHERE key = $1 AND window_ends_at > now()`;

type Done = (err: Error | null, res?: { current: number; ttl: number }) => void;
/** What the library hands child(): the route's merged limit, with the route as routeInfo. */
interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

/**
 * A store for @fastify/rate-limit that counts in PostgreSQL (or the embedded PGlite), so a limit is
 * one limit however many app servers answer: the same interface as the library's LocalStore and
 * RedisStore, and, as they do, one counter per route (the route's method and path prefix the key).
 */
export function databaseRateLimitStore(db: Queryable): FastifyRateLimitStoreCtor {
  const count = (prefix: string): FastifyRateLimitStore & { read(key: string, cb: Done): void } => ({
    incr(key: string, cb: Done, timeWindow: number) {
      db.query<{ hits: number; ttl: number }>(COUNT_SQL, [prefix + key, Math.trunc(timeWindow)]).then(
        ({ rows }) => cb(null, { current: rows[0]!.hits, ttl: Number(rows[0]!.ttl) }),
        (err: Error) => cb(err),
      );
    },
    read(key: string, cb: Done) {
      db.query<{ hits: number; ttl: number }>(READ_SQL, [prefix + key]).then(
        ({ rows }) => cb(null, { current: rows[0]?.hits ?? 0, ttl: Number(rows[0]?.ttl ?? 0) }),
        (err: Error) => cb(err),
      );
    },
    child(routeOptions) {
      const params = routeOptions as unknown as RouteParams;
      // Only the fixed window: a limit asking for more would be counted wrongly, so it is refused here.
      if (params.continueExceeding || params.exponentialBackoff)
        throw new Error('the database rate-limit store counts fixed windows only');
      const { method, url } = params.routeInfo ?? {};
      return count(`${prefix}${[method ?? ''].flat().join(',')} ${url ?? ''}|`);
    },
  });
  // @fastify/rate-limit calls `new store(globalOptions)`: a constructor's returned object is the instance.
  return function DatabaseStore() {
    return count('');
  } as unknown as FastifyRateLimitStoreCtor;
}

/**
 * @fastify/rate-limit for a plugin's routes (each names its limit in `config.rateLimit`), counted in the
 * app's database.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  opts: Omit<RateLimitPluginOptions, 'store' | 'global'> = {},
): Promise<void> {
  await app.register(rateLimit, { ...opts, global: false, store: databaseRateLimitStore(app.db) });
}

/** Windows ended before now are never read again (a new hit starts its row afresh). */
export async function pruneRateLimitCounts(db: Queryable): Promise<number> {
  const r = await db.query(`DELETE FROM rate_limit_counts WHERE window_ends_at < now()`);
  return r.rowCount;
}
