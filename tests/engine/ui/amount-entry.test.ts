// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseAmount, showAmount } from '@/engine/ui/widgets';

describe('parseAmount', () => {
  it.each([
    ['150.000', 'IDR', 15_000_000],
    ['150,000', 'IDR', 15_000_000],
    ['1.500.000', 'IDR', 150_000_000],
    ['1,500,000', 'IDR', 150_000_000],
    ['Rp 1.500.000,-', 'IDR', 150_000_000],
    ['1.500.000,50', 'IDR', 150_000_050],
    ['1,500,000.50', 'USD', 150_000_050],
    ['10,50', 'USD', 1_050],
    ['10.50', 'USD', 1_050],
    ['10.5', 'USD', 1_050],
    ['0,07', 'USD', 7],
    [',5', 'USD', 50],
    ['1234', 'JPY', 1_234],
    ['1.234', 'JPY', 1_234],
    ['10,505', 'JPY', 10_505],
    ['999999999999999', 'JPY', 999_999_999_999_999],
    ['12', 'IDR', 1_200],
  ])('reads %s %s as %i minor units', (text, currency, minor) => {
    expect(parseAmount(text, currency)).toBe(minor);
  });

  it.each([
    ['', 'IDR'],
    ['Rp', 'IDR'],
    ['1,5', 'JPY'], // JPY has no cents
    ['10.5055', 'USD'],
    ['12345678901234', 'IDR'],
    ['1000000000000000', 'JPY'],
  ])('refuses %s %s', (text, currency) => {
    expect(parseAmount(text, currency)).toBeUndefined();
  });

  it('reads back every amount it shows, in both languages', () => {
    for (const currency of ['IDR', 'USD', 'JPY'])
      for (const lang of ['en', 'id'] as const)
        for (let i = 0; i < 2_000; i++) {
          const minor = Math.floor(Math.random() * 10 ** (1 + (i % 14)));
          expect(
            parseAmount(showAmount(minor, currency, lang), currency),
            `${minor} ${currency} ${lang}`,
          ).toBe(minor);
        }
  });
});
