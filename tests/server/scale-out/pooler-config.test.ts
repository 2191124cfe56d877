import { describe, expect, it } from 'vitest';
import { configFromEnv, postgresOptions } from '../../../src/server/config';

// Issue 43: how an app server reaches PostgreSQL through a transaction pooler (PgBouncer), from its
// environment: statements unnamed, LISTEN on the database itself; refused at start without that URL.
describe('the database settings of an app server behind PgBouncer', () => {
  const env = (vars: Record<string, string>) => configFromEnv([], vars);

  it('names statements and listens on DATABASE_URL by default', () => {
    const config = env({ DATABASE_URL: 'postgres://db:5432/bank' });
    expect(postgresOptions(config)).toEqual({ namedStatements: true, listenUrl: 'postgres://db:5432/bank' });
    expect(config.drainTimeoutMs).toBe(15_000);
  });

  it('sends statements unnamed through a transaction pooler and listens on DATABASE_LISTEN_URL', () => {
    const config = env({
      DATABASE_URL: 'postgres://pgbouncer:6432/bank',
      DATABASE_POOLER: 'transaction',
      DATABASE_LISTEN_URL: 'postgres://db:5432/bank',
      DRAIN_TIMEOUT_MS: '5000',
      APPROVAL_REREAD_MS: '60000',
    });
    expect(postgresOptions(config)).toEqual({ namedStatements: false, listenUrl: 'postgres://db:5432/bank' });
    expect([config.drainTimeoutMs, config.approvalRereadMs]).toEqual([5_000, 60_000]);
  });

  it('refuses a transaction pooler without a URL to LISTEN on, naming the setting', () => {
    const config = env({ DATABASE_URL: 'postgres://pgbouncer:6432/bank', DATABASE_POOLER: 'transaction' });
    expect(() => postgresOptions(config)).toThrow(/DATABASE_LISTEN_URL/);
  });
});
