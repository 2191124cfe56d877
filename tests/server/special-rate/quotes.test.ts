import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { quoteRate, redeemQuote, CONFIRM_GRACE_MS } from '../../../src/server/special-rate/quotes';
import type { ApiError } from '../../../src/server/http/api-error';
import { type Customer, customerWithSession, post, testDbs, useTestApp } from '../../kit';

describe.each(testDbs)('the SWIFT special rate quote on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let who: Customer;

  const t = useTestApp({ engine, settlementIntervalMs: 0, schedulerIntervalMs: 0 });
  beforeAll(async () => {
    ({ app, db } = t);
    who = await customerWithSession(db);
  });

  it('quotes this 10-second window’s rate with an id, refreshing at the window’s end', async () => {
    const r = await post(app, '/api/transfer/v1/special-rate/quote', who.headers, { currency: 'USD' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      currency: 'USD',
      refreshMs: 10_000,
      buy: expect.stringMatching(/^\d+\.\d{4}$/),
    });
    expect(Number(r.body.sell)).toBeGreaterThan(Number(r.body.buy));
    expect(Date.parse(r.body.refreshAt) - Date.parse(r.body.quotedAt)).toBeLessThanOrEqual(10_000);
    expect(Date.parse(r.body.validUntil) - Date.parse(r.body.refreshAt)).toBe(CONFIRM_GRACE_MS);
    // The confirm gets back exactly the rate shown, and the instant to book it at.
    const booked = await redeemQuote(db, who.customerId, r.body.quoteId, 'USD');
    expect(booked).toEqual({ buy: r.body.buy, sell: r.body.sell, quotedAtMs: Date.parse(r.body.quotedAt) });
  });

  it('moves from window to window, and refuses an expired quote, another customer’s, or another currency', async () => {
    const t = Date.now();
    const a = await quoteRate(db, who.customerId, 'EUR', t - 60_000);
    const b = await quoteRate(db, who.customerId, 'EUR', t);
    expect(a.refreshAt).not.toBe(b.refreshAt);
    const refused = async (p: Promise<unknown>) =>
      (
        (await p.then(
          () => null,
          (e: unknown) => e,
        )) as ApiError
      ).errorCode;
    expect(await refused(redeemQuote(db, who.customerId, a.quoteId, 'EUR'))).toBe('RATE_EXPIRED');
    const other = await customerWithSession(db);
    expect(await refused(redeemQuote(db, other.customerId, b.quoteId, 'EUR'))).toBe('RATE_EXPIRED');
    expect(await refused(redeemQuote(db, who.customerId, b.quoteId, 'USD'))).toBe('RATE_EXPIRED');
    const bad = await post(app, '/api/transfer/v1/special-rate/quote', who.headers, { currency: 'XYZ' });
    expect(bad.status).toBe(422);
    expect(bad.body.apierror.errorTitleEng).toBe('Invalid Currency Pairing');
  });
});
