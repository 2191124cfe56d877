import { describe, expect, it } from 'vitest';
import { periodReturns, RETURNS_WINDOW_DAYS } from '../../../src/server/invest/catalogue';
import { lastPublishedDay } from '../../../src/server/invest/nav';
import { latestPriceDate, priceWalk } from '../../../src/server/invest/seed';

// The catalogue's newest price and its history must name the same business day, whatever day the
// demo is seeded on (a Sunday seed once dated the NAV Saturday while its history ended on Friday).
describe('the demo catalogue prices a business day', () => {
  it.each([
    ['a Wednesday', '2026-11-25T03:00:00Z', '2026-11-24'],
    ['a Saturday', '2026-11-28T03:00:00Z', '2026-11-27'],
    ['a Sunday', '2026-11-29T03:00:00Z', '2026-11-27'],
    ['a Monday', '2026-11-30T03:00:00Z', '2026-11-27'],
  ])('seeded on %s, its newest price is the business day before', (_day, now, expected) => {
    expect(latestPriceDate(new Date(now))).toBe(expected);
  });

  it('ends each price history on that day, and never publishes on a weekend', () => {
    for (let d = 0; d < 14; d++) {
      const now = new Date(Date.UTC(2026, 10, 23 + d, 3));
      const date = latestPriceDate(now);
      const walk = priceWalk('MF-SDP', 3120.7745, new Date(`${date}T00:00:00Z`), 30, 0.1, 0.2);
      expect(walk.at(-1)).toEqual({ date, value: 3120.7745 });
      expect(walk.every((p) => ![0, 6].includes(new Date(`${p.date}T00:00:00Z`).getUTCDay()))).toBe(true);
      // Not newer than what the NAV publisher would have out by then (17:00 WIB of a business day).
      expect(date <= lastPublishedDay(now)).toBe(true);
    }
  });

  // A year back from a Monday is a Sunday with no NAV (it was on 2026-12-01): the return starts from
  // the Friday before it, not from nothing.
  it('gives every period a return from the NAV on or before its first day, whatever the seed day', () => {
    for (let d = 0; d < 14; d++) {
      const date = latestPriceDate(new Date(Date.UTC(2026, 10, 23 + d, 3)));
      const walk = priceWalk('MF-SDP', 3120.7745, new Date(`${date}T00:00:00Z`), 370, 0.1, 0.2);
      // What the fund's page reads of it: the newest RETURNS_WINDOW_DAYS.
      const from = new Date(Date.parse(`${date}T00:00:00Z`) - RETURNS_WINDOW_DAYS * 86_400_000);
      const read = walk.filter((p) => p.date > from.toISOString().slice(0, 10));
      const returns = periodReturns(read.map((p) => ({ date: p.date, value: p.value.toFixed(4) })));
      expect(Object.values(returns).every((r) => r !== null && /^-?\d+\.\d{2}$/.test(r))).toBe(true);
    }
  });
});
