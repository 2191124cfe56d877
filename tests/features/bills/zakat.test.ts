// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { zakatOf } from '@/features/bills/zakat';

const rp = (n: number) => n * 100;

describe('zakat calculator', () => {
  const gold = rp(1_500_000); // nisab 85 g = Rp 127.500.000

  it('is 2.5% of wealth net of debts at or above the nisab, nothing below it', () => {
    expect(
      zakatOf({ wealth: rp(200_000_000), debts: rp(20_000_000), monthlyIncome: 0, goldPricePerGram: gold }),
    ).toEqual({
      nisab: rp(127_500_000),
      maal: rp(4_500_000),
      income: 0,
    });
    expect(
      zakatOf({ wealth: rp(130_000_000), debts: rp(10_000_000), monthlyIncome: 0, goldPricePerGram: gold })
        .maal,
    ).toBe(0);
  });

  it('takes 2.5% of a month of income when a year of it reaches the nisab, rounded up to whole rupiah', () => {
    expect(
      zakatOf({ wealth: 0, debts: 0, monthlyIncome: rp(12_345_678), goldPricePerGram: gold }).income,
    ).toBe(rp(308_642));
    expect(
      zakatOf({ wealth: 0, debts: 0, monthlyIncome: rp(10_000_000), goldPricePerGram: gold }).income,
    ).toBe(0);
  });
});
