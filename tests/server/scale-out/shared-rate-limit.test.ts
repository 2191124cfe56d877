import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import { pruneRateLimitCounts } from '../../../src/server/http/rate-limit-store';
import { bothEngines, freshIp } from '../../kit';

// Issue 43: the per-address limits are counted in the database, so two app servers on one database
// (two pools on PostgreSQL) hold one limit between them, where each counted its own before. The
// real-process cluster (cluster.test.ts) proves it behind a load balancer; this is the store alone.
describe.each(bothEngines)('rate limits shared by two app servers ($name)', (engine) => {
  let apps: FastifyInstance[] = [];
  let close: () => Promise<void>;
  let first: Awaited<ReturnType<typeof engine.openTwice>>['first'];

  beforeAll(async () => {
    const dbs = await engine.openTwice();
    first = dbs.first;
    close = dbs.close;
    apps = [await buildApp({ db: dbs.first }), await buildApp({ db: dbs.second })];
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await close();
  });

  const secureWord = (app: FastifyInstance, ip: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/login/secureword',
      remoteAddress: ip,
      payload: { userId: 'nobodyhere' },
    });

  it('refuses the 31st call of a minute from one address, the calls spread over both servers', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) expect((await secureWord(apps[i % 2]!, ip)).statusCode).toBe(200);
    for (const app of apps) {
      const refused = await secureWord(app, ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().apierror).toMatchObject({ sourceSystem: 'CLICKS', errorCode: 'RATE_LIMITED' });
    }
    // Another address, and another route of the group, count apart (as the library counts per route).
    expect((await secureWord(apps[1]!, freshIp())).statusCode).toBe(200);
    const login = await apps[0]!.inject({
      method: 'POST',
      url: '/api/v1/login',
      remoteAddress: ip,
      payload: { userId: 'nobodyhere', password: 'Wrong@2026' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('starts a new window once the last one ended, and prunes ended windows', async () => {
    const ip = freshIp();
    for (let i = 0; i < 31; i++) await secureWord(apps[i % 2]!, ip);
    expect((await secureWord(apps[0]!, ip)).statusCode).toBe(429);
    await first.query(`UPDATE rate_limit_counts SET window_ends_at = now() - interval '1 second'`);
    expect((await secureWord(apps[1]!, ip)).statusCode).toBe(200);
    // The row just counted is live; every other ended one goes.
    const before = (await first.query<{ n: number }>('SELECT count(*)::int AS n FROM rate_limit_counts'))
      .rows[0]!.n;
    expect(await pruneRateLimitCounts(first)).toBe(before - 1);
  });
});
