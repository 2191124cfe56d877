// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/shared/money';

describe('formatMoney', () => {
  it('writes IDR as the bank does in each language, decimals only when there are any', () => {
    expect(formatMoney({ amount: 17_680_147_700, currency: 'IDR' }, 'id')).toBe('Rp 176.801.477');
    expect(formatMoney({ amount: 17_680_147_700, currency: 'IDR' }, 'en')).toBe('IDR 176,801,477');
    expect(formatMoney({ amount: 150_050, currency: 'IDR' }, 'id')).toBe('Rp 1.500,50');
    expect(formatMoney({ amount: -123_456, currency: 'USD' }, 'en')).toBe('-USD 1,234.56');
    expect(formatMoney({ amount: 0, currency: 'IDR' }, 'id')).toBe('Rp 0');
  });

  it("writes Poin Xtra's points in the spec's words, after the number, never as the code PTS", () => {
    expect(formatMoney({ amount: 12_500, currency: 'PTS' }, 'id')).toBe('12.500 poin');
    expect(formatMoney({ amount: 12_500, currency: 'PTS' }, 'en')).toBe('12,500 points');
    expect(formatMoney({ amount: 1, currency: 'PTS' }, 'en')).toBe('1 point');
    expect(formatMoney({ amount: 1, currency: 'PTS' }, 'id')).toBe('1 poin');
    expect(formatMoney({ amount: -5, currency: 'PTS' }, 'en')).toBe('-5 points');
  });

  it('writes gold as grams after the number, with its four decimals, never as the code XAU', () => {
    expect(formatMoney({ amount: 12_345, currency: 'XAU' }, 'id')).toBe('1,2345 g');
    expect(formatMoney({ amount: 12_345, currency: 'XAU' }, 'en')).toBe('1.2345 g');
    expect(formatMoney({ amount: 12_500_000, currency: 'XAU' }, 'id')).toBe('1.250,0000 g');
    expect(formatMoney({ amount: -5_000, currency: 'XAU' }, 'en')).toBe('-0.5000 g');
  });

  it('groups whole units exactly as Intl.NumberFormat does for id-ID and en-US, at every length', () => {
    const id = new Intl.NumberFormat('id-ID');
    const en = new Intl.NumberFormat('en-US');
    for (let digits = 1; digits <= 15; digits++)
      for (const lead of [1, 4, 9]) {
        const whole = Number(String(lead).padEnd(digits, '7'));
        expect(formatMoney({ amount: whole, currency: 'JPY' }, 'id')).toBe(`JPY ${id.format(whole)}`);
        expect(formatMoney({ amount: whole, currency: 'JPY' }, 'en')).toBe(`JPY ${en.format(whole)}`);
      }
  });

  it('refuses a float or an unsafe integer', () => {
    expect(() => formatMoney({ amount: 1.5, currency: 'IDR' })).toThrow(/safe integer/);
    expect(() => formatMoney({ amount: 2 ** 53, currency: 'IDR' })).toThrow(/safe integer/);
  });
});
