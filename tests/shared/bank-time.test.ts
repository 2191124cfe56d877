// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatBankDate, formatBankDateTime, formatBankDay, formatBankTime } from '@/shared/bank-time';

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

  it('writes a day and a clock without Intl exactly as Intl does, in every month and around Jakarta midnight', () => {
    const intlDay = (iso: string, lang: 'en' | 'id') =>
      formatBankDate(iso, lang, { day: 'numeric', month: 'short', year: 'numeric' });
    const intlTime = (iso: string, lang: 'en' | 'id', seconds: boolean) =>
      `${new Date(iso).toLocaleTimeString(lang === 'en' ? 'en-GB' : 'id-ID', {
        hour: '2-digit',
        minute: '2-digit',
        ...(seconds ? { second: '2-digit' as const } : {}),
        timeZone: 'Asia/Jakarta',
      })} WIB`;
    const instants: string[] = [];
    for (let month = 0; month < 12; month++)
      for (const [day, h, m, sec] of [
        [1, 0, 0, 0],
        [9, 16, 59, 59], // 23:59:59 WIB
        [9, 17, 0, 0], // midnight WIB: already the 10th
        [28, 23, 4, 5],
      ] as const)
        instants.push(new Date(Date.UTC(2026, month, day, h, m, sec)).toISOString());
    instants.push('2024-02-29T03:00:00Z', '2026-12-31T17:30:00Z');
    for (const lang of ['en', 'id'] as const) {
      for (const iso of instants) {
        expect(formatBankDay(iso, lang), iso).toBe(intlDay(iso, lang));
        expect(formatBankTime(iso, lang), iso).toBe(intlTime(iso, lang, true));
        expect(formatBankTime(iso, lang, false), iso).toBe(intlTime(iso, lang, false));
      }
      for (let month = 1; month <= 12; month++) {
        const plain = `2026-${String(month).padStart(2, '0')}-05`;
        expect(formatBankDay(plain, lang), plain).toBe(intlDay(plain, lang));
      }
    }
    expect(formatBankDay('2026-09-05', 'en')).toBe('5 Sept 2026');
    expect(formatBankDay('2026-12-31T17:30:00Z', 'id')).toBe('1 Jan 2027');
    expect(formatBankTime('2026-11-23T17:04:09Z', 'id', false)).toBe('00.04 WIB');
    expect(formatBankDay('soon', 'en')).toBe('soon');
    expect(formatBankTime('—', 'id')).toBe('—');
  });
});
