import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import {
  boardRates,
  formatRate,
  parseRate,
  specialRates,
  type Rate,
} from '../../../src/server/core-bank/exchange-rates';
import dashboardRoutes from '../../../src/server/dashboard/routes';
import errorHandler from '../../../src/server/http/error-handler';
import { testDbs } from '../../kit';

const T0 = Date.UTC(2026, 10, 22, 3, 0, 0); // a window boundary (multiple of 10 s)

describe('special rates (pure, clock injected)', () => {
  const board: Rate[] = [
    { currency: 'USD', nameEng: 'US Dollar', nameIdn: 'Dolar AS', buy: '16185.0000', sell: '16435.0000' },
    { currency: 'JPY', nameEng: 'Yen', nameIdn: 'Yen', buy: '106.4200', sell: '109.3800' },
    { currency: 'EUR', nameEng: 'Euro', nameIdn: 'Euro', buy: '18710.2500', sell: '19060.2500' },
    { currency: 'SGD', nameEng: 'SGD', nameIdn: 'SGD', buy: '12420.5000', sell: '12655.5000' },
  ];

  it('parses and formats rates exactly', () => {
    expect(parseRate('16185.5')).toBe(161855000n);
    expect(formatRate(parseRate('0.0001'))).toBe('0.0001');
    expect(formatRate(parseRate('106.42'))).toBe('106.4200');
    expect(() => parseRate('1e5')).toThrow();
  });

  it('holds still within a 10-second window and moves in the next', () => {
    const a = specialRates(board, T0);
    const b = specialRates(board, T0 + 9_999);
    expect(b).toEqual(a);
    expect(a.updatedAt).toBe(new Date(T0).toISOString());
    expect(a.validUntil).toBe(new Date(T0 + 10_000).toISOString());
    // Over a few windows every currency moves at least once (the move is a hash of currency and window).
    const seen = new Map<string, Set<string>>();
    for (let w = 0; w < 6; w++) {
      for (const r of specialRates(board, T0 + w * 10_000).specialRates) {
        seen.set(r.currency, (seen.get(r.currency) ?? new Set()).add(r.buy));
      }
    }
    for (const [, buys] of seen) expect(buys.size).toBeGreaterThan(1);
    expect(specialRates(board, T0 + 10_000).specialRates).not.toEqual(a.specialRates);
  });

  it('quotes inside the board spread (a better rate than the counter)', () => {
    for (let w = 0; w < 50; w++) {
      const { specialRates: special } = specialRates(board, T0 + w * 10_000);
      special.forEach((s, i) => {
        const r = board[i]!;
        expect(parseRate(s.buy)).toBeGreaterThan(parseRate(r.buy));
        expect(parseRate(s.sell)).toBeLessThan(parseRate(r.sell));
        expect(parseRate(s.sell)).toBeGreaterThan(parseRate(s.buy));
      });
    }
  });
});

describe.each(testDbs)('exchange rate list over HTTP with an injected clock on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let clock = T0;

  beforeAll(async () => {
    db = await engine.open();
    app = Fastify();
    app.decorate('db', db);
    app.decorate('requireSession', async () => undefined);
    app.decorateRequest('session', null);
    await app.register(errorHandler);
    await app.register(dashboardRoutes, { now: () => clock });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('answers the same special rates within a window and new ones 10 seconds later', async () => {
    const list = async () =>
      (await app.inject({ method: 'POST', url: '/api/exchangerate/v1/list', payload: {} })).json();
    clock = T0 + 1_000;
    const first = await list();
    clock = T0 + 9_000;
    const same = await list();
    clock = T0 + 11_000;
    const next = await list();
    expect(same).toEqual(first);
    expect(next.updatedAt).toBe(first.validUntil);
    expect(next.specialRates).not.toEqual(first.specialRates);
    expect(next.rates).toEqual(first.rates);
    expect(first.rates).toEqual(await boardRates(db));
  });
});
