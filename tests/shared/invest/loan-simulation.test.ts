// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { simulateLoan } from '@/shared/invest/loan-simulation';

describe('loan instalment simulation', () => {
  it('gives the annuity instalment rounded up to a rupiah, and the bank-standard totals', () => {
    // Rp 60,000,000 over 24 months at 11.5% a year effective: Rp 2,810,418.92 → Rp 2,810,419.
    const sim = simulateLoan({ amount: 6_000_000_000, yearlyRate: '11.50', tenorMonths: 24 });
    expect(sim.instalment).toBe(281_041_900);
    expect(sim.schedule).toHaveLength(24);
    expect(sim.schedule[0]).toEqual({
      month: 1,
      instalment: 281_041_900,
      principal: 223_541_900,
      interest: 57_500_000,
      balance: 5_776_458_100,
    });
    expect(sim.schedule.at(-1)!.balance).toBe(0);
    expect(sim.totalPayment).toBe(6_000_000_000 + sim.totalInterest);
  });

  it('repays exactly the amount borrowed, in whole minor units, for any loan', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100_000, max: 50_000_000_000 }),
        fc.integer({ min: 0, max: 300_000 }),
        fc.integer({ min: 1, max: 120 }),
        (amount, rateMillis, tenorMonths) => {
          const rate = `${Math.floor(rateMillis / 10_000)}.${String(rateMillis % 10_000).padStart(4, '0')}`;
          const sim = simulateLoan({ amount, yearlyRate: rate, tenorMonths });
          const principal = sim.schedule.reduce((s, r) => s + r.principal, 0);
          expect(principal).toBe(amount);
          expect(sim.schedule.length).toBeLessThanOrEqual(tenorMonths);
          for (const row of sim.schedule) {
            expect(Number.isSafeInteger(row.interest) && row.interest >= 0 && row.interest % 100 === 0).toBe(
              true,
            );
            expect(row.principal).toBeGreaterThanOrEqual(0);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('charges no interest at 0% and refuses nonsense', () => {
    const sim = simulateLoan({ amount: 1_200_000, yearlyRate: '0', tenorMonths: 12 });
    expect(sim.totalInterest).toBe(0);
    expect(sim.schedule.every((r) => r.principal === 100_000)).toBe(true);
    expect(() => simulateLoan({ amount: -1, yearlyRate: '10', tenorMonths: 12 })).toThrow();
    expect(() => simulateLoan({ amount: 100, yearlyRate: 'ten', tenorMonths: 12 })).toThrow();
    expect(() => simulateLoan({ amount: 100, yearlyRate: '10', tenorMonths: 0 })).toThrow();
  });
});
