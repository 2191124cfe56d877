// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { navDateFor } from '@/shared/invest/fund-orders';

// Times are WIB (UTC+7). 2026-11-25 is a Wednesday; 2026-11-27 a Friday.
const wib = (text: string) => new Date(`${text}+07:00`);

describe('the NAV date of a fund order', () => {
  it("gives orders before the cut-off that day's NAV and later ones the next business day's", () => {
    expect(navDateFor(wib('2026-11-25T11:59:59'), '12:00')).toBe('2026-11-25');
    expect(navDateFor(wib('2026-11-25T12:00:00'), '12:00')).toBe('2026-11-26');
    expect(navDateFor(wib('2026-11-25T06:30:00'), '12:00')).toBe('2026-11-25');
  });

  it('moves Friday afternoon and weekend orders to Monday, on the Jakarta calendar', () => {
    expect(navDateFor(wib('2026-11-27T13:00:00'), '12:00')).toBe('2026-11-30');
    expect(navDateFor(wib('2026-11-28T09:00:00'), '12:00')).toBe('2026-11-30');
    expect(navDateFor(wib('2026-11-29T23:59:00'), '12:00')).toBe('2026-11-30');
    // 23:30 UTC on Sunday is already Monday 06:30 in Jakarta.
    expect(navDateFor(new Date('2026-11-29T23:30:00Z'), '12:00')).toBe('2026-11-30');
    expect(() => navDateFor(new Date(), '12')).toThrow();
  });
});
