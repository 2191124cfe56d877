import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../src/server/app';
import type { Db } from '../../src/server/db/db';
import { testDbs, type TestDb } from './engines';

export interface TestAppOptions extends Omit<AppOptions, 'db'> {
  /** The database engine; testDbs' one (PostgreSQL when DATABASE_URL is set) unless told. */
  engine?: TestDb;
  /**
   * What the database holds before the app starts: 'demo' the demo data (the default of a `demo: true`
   * app, as `npm start` runs it), 'none' nothing (the default otherwise), or a function that puts in
   * what the test needs (a part of the seed, the test's own rows).
   */
  seed?: 'demo' | 'none' | ((db: Db) => Promise<unknown>);
  /** Serve on a free local port too (baseUrl), for tests that use fetch or event streams. */
  listen?: boolean;
  /** What the app is given in place of the database (e.g. a proxy counting its queries); `db` stays the database. */
  appDb?: (db: Db) => Db;
  /**
   * Environment the app reads (e.g. FLOWS_ROOT, a copy of the project's data folders): set before
   * it is built and put back as it was once it has closed.
   */
  env?: Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  engine: TestDb;
  /** http://127.0.0.1:<port> when the app listens (listen: true). */
  baseUrl: string;
  close(): Promise<void>;
}

/** An app on a scratch database of its own, built as the options say; close() ends both. */
export async function openTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const {
    engine = testDbs[0]!,
    seed = opts.demo ? 'demo' : 'none',
    listen = false,
    appDb = (db: Db) => db,
    env = {},
    ...appOptions
  } = opts;
  const restoreEnv = setEnv(env);
  const db = seed === 'demo' ? await engine.openDemo() : await engine.open();
  try {
    if (typeof seed === 'function') await seed(db);
    const app = { ...(await appOn(appDb(db), engine, appOptions, listen)), db };
    return {
      ...app,
      async close() {
        await app.app.close();
        await db.close();
        restoreEnv();
      },
    };
  } catch (err) {
    await db.close();
    restoreEnv();
    throw err;
  }
}

/** Sets these variables; the function returned puts each back as it was. */
function setEnv(env: Record<string, string>): () => void {
  const saved = Object.keys(env).map((k) => [k, process.env[k]] as const);
  Object.assign(process.env, env);
  return () => {
    for (const [k, v] of saved)
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  };
}

async function appOn(
  db: Db,
  engine: TestDb,
  appOptions: Omit<AppOptions, 'db'>,
  listen: boolean,
): Promise<Omit<TestApp, 'close'>> {
  const app = await buildApp({ db, ...appOptions });
  let baseUrl = '';
  if (listen) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }
  return { app, db, engine, baseUrl };
}

export interface TwoTestApps {
  /** Two app servers on one scratch database, as a deployment of several runs them. */
  first: TestApp;
  second: TestApp;
  close(): Promise<void>;
}

/**
 * Two apps on one fresh database, each with its own connection (two pools on PostgreSQL; PGlite is
 * in-process, one for both); the seed (a function) runs once, before either starts.
 */
export async function openTwoTestApps(
  opts: Omit<TestAppOptions, 'seed' | 'appDb' | 'env'> & { seed?: (db: Db) => Promise<unknown> } = {},
): Promise<TwoTestApps> {
  const { engine = testDbs[0]!, seed, listen = false, ...appOptions } = opts;
  const dbs = await engine.openTwice();
  try {
    if (seed) await seed(dbs.first);
    const first = await appOn(dbs.first, engine, appOptions, listen);
    const second = await appOn(dbs.second, engine, appOptions, listen);
    const close = async () => {
      await first.app.close();
      await second.app.close();
      await dbs.close();
    };
    return { first: { ...first, close }, second: { ...second, close }, close };
  } catch (err) {
    await dbs.close();
    throw err;
  }
}

/**
 * The app of a describe (or a file): opened before its tests, closed after them. Read `t.app` and
 * `t.db` inside hooks and tests (they are set once beforeAll ran). In `describe.each(bothEngines)`,
 * pass the engine: `(engine) => { const t = useTestApp({ engine }); ... }`.
 */
export function useTestApp(opts: TestAppOptions = {}): TestApp {
  const handle = {} as TestApp;
  // (a first scratch database on PGlite, and a seed, can take a while on a loaded machine)
  beforeAll(async () => {
    Object.assign(handle, await openTestApp(opts));
  }, 180_000);
  afterAll(async () => {
    await handle.close?.();
  }, 60_000);
  return handle;
}

/** Two apps on one database for a describe (openTwoTestApps), opened before its tests, closed after. */
export function useTwoTestApps(opts: Parameters<typeof openTwoTestApps>[0] = {}): TwoTestApps {
  const handle = {} as TwoTestApps;
  beforeAll(async () => {
    Object.assign(handle, await openTwoTestApps(opts));
  }, 180_000);
  afterAll(async () => {
    await handle.close?.();
  }, 60_000);
  return handle;
}
