// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatPlainValue } from '@/shared/flows/format-value';

describe('plain row values, the same on the web and in the companion app', () => {
  it('groups an account number in fours and a local mobile number as it is read out', () => {
    expect(formatPlainValue('800123456837', 'account', 'id')).toBe('8001 2345 6837');
    expect(formatPlainValue('081298765431', 'phone', 'en')).toBe('0812-9876-5431');
    expect(formatPlainValue('08129876543', 'phone', 'id')).toBe('0812-9876-543');
    expect(formatPlainValue('0812987654312', 'phone', 'id')).toBe('0812-9876-54312');
    // Anything that is not a local mobile number is left as it came.
    expect(formatPlainValue('+6281298765431', 'phone', 'id')).toBe('+6281298765431');
    expect(formatPlainValue('0812', 'phone', 'id')).toBe('0812');
  });

  it('writes dates in bank time and rates exactly, in the language asked for', () => {
    expect(formatPlainValue('2026-11-23T15:48:53Z', 'datetime', 'id')).toBe('23/11/2026, 22.48.53 WIB');
    expect(formatPlainValue('2026-11-20', 'date', 'en')).toBe('20/11/2026');
    expect(formatPlainValue('16185.5000', 'rate', 'id')).toBe('16.185,50');
    // A rate keeps its unit: a percent, grams of gold.
    expect(formatPlainValue('4.25%', 'rate', 'id')).toBe('4,25%');
    expect(formatPlainValue('0.3015 g', 'rate', 'id')).toBe('0,3015 g');
    expect(formatPlainValue('1684.2291', 'rate', 'en')).toBe('1,684.2291');
    // Gold in grams keeps the four decimals it is held to, a trailing zero too; a rate drops it.
    expect(formatPlainValue('0.3020 g', 'decimal', 'id')).toBe('0,3020 g');
    expect(formatPlainValue('0.3020 g', 'rate', 'en')).toBe('0.302 g');
    expect(formatPlainValue('1250.5000 g', 'decimal', 'en')).toBe('1,250.5000 g');
    expect(formatPlainValue('12 g', 'decimal', 'en')).toBe('12 g');
    expect(formatPlainValue('about 3 g', 'decimal', 'en')).toBe('about 3 g');
    expect(formatPlainValue('Bayar kos', undefined, 'id')).toBe('Bayar kos');
  });

  it('writes yes/no in the language asked for, tokens in groups of four and codes as they are', () => {
    expect(formatPlainValue('true', 'yesno', 'id')).toBe('Ya');
    expect(formatPlainValue('false', 'yesno', 'en')).toBe('No');
    expect(formatPlainValue('12345678901234567890', 'token', 'id')).toBe('1234 5678 9012 3456 7890');
    expect(formatPlainValue('CENAIDJA', 'code', 'en')).toBe('CENAIDJA');
  });
});
