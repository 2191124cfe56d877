// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CUT_OFFS, HOLIDAYS, cutOffState } from '@/shared/flows/rules';

describe('cut-offs skip weekends and the public holidays of rules/holidays.json', () => {
  it('lists Indonesian holidays of 2026 and 2027, each named in both languages', () => {
    const days = Object.keys(HOLIDAYS);
    expect(days.filter((d) => d.startsWith('2026')).length).toBeGreaterThan(15);
    expect(days.filter((d) => d.startsWith('2027')).length).toBeGreaterThan(10);
    for (const [d, name] of Object.entries(HOLIDAYS)) {
      expect(d).toMatch(/^20\d\d-\d\d-\d\d$/);
      expect(name.en && name.id).toBeTruthy();
    }
  });

  it('SKN after its cut-off before Christmas goes to the Monday after, saying which holiday', () => {
    // Wednesday 23 December 2026, 15:00 WIB: 24 (collective leave), 25 (Christmas), 26-27 weekend.
    const s = cutOffState(CUT_OFFS.skn!, new Date('2026-12-23T08:00:00Z'));
    expect(s).toEqual({
      after: true,
      nextBusinessDay: '2026-12-28',
      holiday: { en: 'Christmas collective leave', id: 'Cuti bersama Hari Raya Natal' },
    });
  });

  it('on a holiday itself it is after the cut-off all day; Eid al-Fitr 2026 moves it to the 25th', () => {
    const s = cutOffState(CUT_OFFS.skn!, new Date('2026-03-18T02:00:00Z')); // 09:00 WIB, Nyepi leave
    expect(s.after).toBe(true);
    expect(s.nextBusinessDay).toBe('2026-03-25');
    expect(s.holiday?.id).toBe('Cuti bersama Hari Suci Nyepi');
  });

  it('an ordinary weekday names no holiday, and a table without holidays gives weekends only', () => {
    expect(cutOffState(CUT_OFFS.skn!, new Date('2026-11-25T08:00:00Z'))).toEqual({
      after: true,
      nextBusinessDay: '2026-11-26',
    });
    expect(cutOffState(CUT_OFFS.skn!, new Date('2026-12-23T08:00:00Z'), {}).nextBusinessDay).toBe(
      '2026-12-24',
    );
  });
});
