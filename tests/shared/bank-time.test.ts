// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatBankDate, formatBankDateTime } from '@/shared/bank-time';

describe('bank time (WIB)', () => {
  it('reads an instant in Jakarta time, labelled WIB, in either language', () => {
    expect(formatBankDateTime('2026-11-23T15:48:53Z', 'en')).toBe('23/11/2026, 22:48:53 WIB');
    expect(formatBankDateTime('2026-11-23T15:48:53Z', 'id')).toBe('23/11/2026, 22.48.53 WIB');
  });

  it("gives an instant's Jakarta date, which is already the next day late in the UTC evening", () => {
    expect(formatBankDate('2026-11-23T18:30:00Z', 'en')).toBe('24/11/2026');
    expect(formatBankDate('2026-11-23T16:59:59Z', 'id')).toBe('23/11/2026');
  });

  it('writes a plain date as it is, and leaves text that is no date alone', () => {
    expect(formatBankDate('2026-11-20', 'en')).toBe('20/11/2026');
    expect(formatBankDateTime('soon', 'en')).toBe('soon');
    expect(formatBankDate('—', 'id')).toBe('—');
  });
});
