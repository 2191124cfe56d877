import { describe, expect, it } from 'vitest';
import {
  checkWhen,
  dayOfWeek,
  occurrenceAfter,
  occurrenceOnOrAfter,
  runDateOf,
  runInstant,
} from '../../../src/server/schedules/recurrence';

const holidays = new Set(['2026-12-25', '2026-12-24']);

describe('when a scheduled transfer runs', () => {
  it('repeats every n days from the start', () => {
    const r = { every: 'day', interval: 10 } as const;
    expect(occurrenceOnOrAfter(r, '2026-12-01')).toBe('2026-12-01');
    expect(occurrenceAfter(r, '2026-12-01', '2026-12-01')).toBe('2026-12-11');
    expect(occurrenceAfter(r, '2026-12-31', '2026-12-01')).toBe('2027-01-10');
  });

  it('repeats on a day of the week (1 Monday .. 7 Sunday)', () => {
    expect(dayOfWeek('2026-11-30')).toBe(1);
    const fri = { every: 'week', dayOfWeek: 5 } as const;
    expect(occurrenceOnOrAfter(fri, '2026-11-30')).toBe('2026-12-04');
    expect(occurrenceAfter(fri, '2026-12-04', '2026-11-30')).toBe('2026-12-11');
  });

  it('repeats on a day of the month, the month’s last day when it is shorter, and at the end of the month', () => {
    const d31 = { every: 'month', dayOfMonth: 31 } as const;
    expect(occurrenceOnOrAfter(d31, '2027-02-01')).toBe('2027-02-28');
    expect(occurrenceAfter(d31, '2027-02-28', '2027-01-31')).toBe('2027-03-31');
    const eom = { every: 'month', dayOfMonth: 'EOM' } as const;
    expect(occurrenceOnOrAfter(eom, '2028-02-10')).toBe('2028-02-29');
    expect(occurrenceAfter(eom, '2026-12-31', '2026-12-01')).toBe('2027-01-31');
    const d15 = { every: 'month', dayOfMonth: 15 } as const;
    expect(occurrenceOnOrAfter(d15, '2026-12-16')).toBe('2027-01-15');
  });

  it('moves SKN/RTGS transfers off weekends and holidays, and leaves the others on their date', () => {
    // 2026-12-24 Thu and 25 Fri are holidays, 26-27 the weekend.
    expect(runDateOf('2026-12-24', true, holidays)).toBe('2026-12-28');
    expect(runDateOf('2026-12-24', false, holidays)).toBe('2026-12-24');
    expect(runDateOf('2026-12-23', true, holidays)).toBe('2026-12-23');
  });

  it('runs at 06:00 WIB, retrying at 09:00 and 12:00', () => {
    expect(runInstant('2026-12-01', 0).toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(runInstant('2026-12-01', 1).toISOString()).toBe('2026-12-01T02:00:00.000Z');
    expect(runInstant('2026-12-01', 2).toISOString()).toBe('2026-12-01T05:00:00.000Z');
  });

  it('refuses a date today or in the past, a year ahead, a recurrence without an end or with no occurrence', () => {
    const today = '2026-11-25';
    expect(checkWhen({ kind: 'now' }, today)).toBeNull();
    expect(checkWhen({ kind: 'date', date: '2026-11-26' }, today)).toBeNull();
    expect(checkWhen({ kind: 'date', date: '2026-11-25' }, today)).toEqual({
      field: 'date',
      problem: 'past',
    });
    expect(checkWhen({ kind: 'date', date: '2026-02-30' }, today)).toEqual({
      field: 'date',
      problem: 'invalid',
    });
    expect(checkWhen({ kind: 'date', date: '2028-01-01' }, today)).toEqual({
      field: 'date',
      problem: 'tooFar',
    });
    const monthly = { every: 'month', dayOfMonth: 5 } as const;
    const rec = (over: object) =>
      ({ kind: 'recurring', recurrence: monthly, startDate: '2026-12-01', ...over }) as const;
    expect(checkWhen(rec({ occurrences: 12 }), today)).toBeNull();
    expect(checkWhen(rec({}), today)).toEqual({ field: 'end', problem: 'missing' });
    expect(checkWhen(rec({ occurrences: 3, endDate: '2027-06-01' }), today)).toEqual({
      field: 'end',
      problem: 'both',
    });
    expect(checkWhen(rec({ occurrences: 121 }), today)).toEqual({ field: 'end', problem: 'tooMany' });
    expect(checkWhen(rec({ endDate: '2026-12-04' }), today)).toEqual({
      field: 'end',
      problem: 'noOccurrence',
    });
    expect(checkWhen(rec({ endDate: '2026-11-30' }), today)).toEqual({
      field: 'endDate',
      problem: 'beforeStart',
    });
    expect(
      checkWhen(
        {
          kind: 'recurring',
          recurrence: { every: 'week', dayOfWeek: 8 } as never,
          startDate: '2026-12-01',
          occurrences: 2,
        },
        today,
      ),
    ).toEqual({ field: 'recurrence', problem: 'invalid' });
  });
});
