/** Zakat as BAZNAS reckons it: 2.5% of what is above the nisab (85 g of gold), in minor units of rupiah. */
export const ZAKAT_RATE = 0.025;
export const NISAB_GOLD_GRAMS = 85;

export interface ZakatInput {
  /** Savings, deposits, cash, gold, investments and receivables held a full year. */
  wealth: number;
  /** Debts due now. */
  debts: number;
  /** Income of one month. */
  monthlyIncome: number;
  /** Price of a gram of gold. */
  goldPricePerGram: number;
}

export interface ZakatResult {
  nisab: number;
  /** Zakat maal on wealth net of debts; 0 under the nisab. */
  maal: number;
  /** Zakat on this month's income; 0 when a year of such income is under the nisab. */
  income: number;
}

export function zakatOf(i: ZakatInput): ZakatResult {
  const nisab = NISAB_GOLD_GRAMS * i.goldPricePerGram;
  const net = Math.max(0, i.wealth - i.debts);
  // Whole rupiah (100 minor units), rounded up so the obligation is met.
  const due = (base: number) => Math.ceil((base * ZAKAT_RATE) / 100) * 100;
  return {
    nisab,
    maal: net >= nisab && net > 0 ? due(net) : 0,
    income: i.monthlyIncome * 12 >= nisab && i.monthlyIncome > 0 ? due(i.monthlyIncome) : 0,
  };
}
