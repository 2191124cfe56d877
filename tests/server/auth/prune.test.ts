import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/db';
import { pruneAuthRows } from '../../../src/server/auth/prune';
import { makeCustomer, testDbs } from '../../kit';

describe.each(testDbs)('auth housekeeping on $name', (engine) => {
  let db: Db;
  beforeAll(async () => {
    db = await engine.open();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('drops old challenges, forgot requests and quiet unlocked counters, and keeps live ones', async () => {
    const { id } = await makeCustomer(db, { userId: 'pruneuser', password: 'Prune@2026' });
    const insertChallenge = (hash: string, expires: string) =>
      db.query(
        `INSERT INTO login_challenges (challenge_hash, customer_id, kind, browser_id, otp_request_id, expires_at)
         VALUES ($1, $2, 'fds', 'b', 'r', now() + $3::interval)`,
        [hash, id, expires],
      );
    await insertChallenge('old', '-2 days');
    await insertChallenge('live', '5 minutes');
    await db.query(
      `INSERT INTO forgot_requests (token_hash, kind, customer_id, expires_at) VALUES
         ('old', 'userid', $1, now() - interval '2 days'), ('live', 'userid', $1, now() + interval '5 minutes')`,
      [id],
    );
    await db.query(
      `INSERT INTO auth_failures (key_hash, failures, last_failed_at, locked_until) VALUES
         ('quiet', 2, now() - interval '2 days', NULL),
         ('locked', 0, now() - interval '2 days', now() + interval '10 minutes'),
         ('recent', 3, now(), NULL)`,
    );
    expect(await pruneAuthRows(db)).toEqual({ challenges: 1, forgot: 1, failures: 1 });
    const left = async (table: string, column: string) =>
      (await db.query<{ k: string }>(`SELECT ${column} AS k FROM ${table} ORDER BY 1`)).rows.map((r) => r.k);
    expect(await left('login_challenges', 'challenge_hash')).toEqual(['live']);
    expect(await left('forgot_requests', 'token_hash')).toEqual(['live']);
    expect(await left('auth_failures', 'key_hash')).toEqual(['locked', 'recent']);
  });
});
