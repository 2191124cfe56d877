// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDate, formatTime } from '@/features/dashboard/format';

describe('dashboard dates and times', () => {
  it('writes a plain date as it is, whatever the device zone', () => {
    expect(formatDate('2027-01-26', 'en')).toBe('26 Jan 2027');
    expect(formatDate('2026-12-06', 'id')).toBe('6 Des 2026');
  });

  it("reads an instant's date and time in the bank's time, labelled WIB", () => {
    expect(formatDate('2026-11-23T18:30:00Z', 'en')).toBe('24 Nov 2026');
    expect(formatTime('2026-11-23T15:48:53Z', 'en')).toBe('22:48:53 WIB');
    expect(formatTime('2026-11-23T15:48:53Z', 'id')).toBe('22.48.53 WIB');
    expect(formatTime('2026-11-23T15:48:53Z', 'en', false)).toBe('22:48 WIB');
  });
});
