/**
 * Loan instalments as the bank computes them: an annuity on the yearly effective rate, in integer
 * minor units. Each month's interest is the outstanding balance times the monthly rate, rounded
 * half up to a whole rupiah; the instalment is rounded up to a whole rupiah; the last instalment
 * takes what is left, so the principal parts always sum to the amount borrowed exactly.
 */

export interface LoanSimulationInput {
  /** Minor units. */
  amount: number;
  /** Yearly effective rate in percent as decimal text, e.g. "11.5" or "11.5000". */
  yearlyRate: string;
  tenorMonths: number;
  /** Minor units per major unit (100 for IDR). */
  minorPerMajor?: number;
}

export interface ScheduleRow {
  month: number;
  instalment: number;
  principal: number;
  interest: number;
  balance: number;
}

export interface LoanSimulation {
  instalment: number;
  totalInterest: number;
  totalPayment: number;
  schedule: ScheduleRow[];
}

const RATE_SCALE = 1_000_000n; // the rate text in millionths of a percent

function rateMicros(text: string): bigint {
  const m = /^(\d{1,3})(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!m) throw new Error(`not a rate: ${text}`);
  return BigInt(m[1]!) * RATE_SCALE + BigInt((m[2] ?? '').padEnd(6, '0'));
}

/** balance × yearly% / 12 / 100, rounded half up to a whole major unit, exactly (bigint). */
function monthlyInterest(balance: number, micros: bigint, minorPerMajor: number): number {
  const denominator = 12n * 100n * RATE_SCALE * BigInt(minorPerMajor);
  const numerator = BigInt(balance) * micros;
  return Number((numerator * 2n + denominator) / (denominator * 2n)) * minorPerMajor;
}

export function simulateLoan(input: LoanSimulationInput): LoanSimulation {
  const { amount, tenorMonths } = input;
  const minorPerMajor = input.minorPerMajor ?? 100;
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error('amount must be a positive integer');
  if (!Number.isInteger(tenorMonths) || tenorMonths < 1 || tenorMonths > 360)
    throw new Error('tenor must be 1-360 months');
  const micros = rateMicros(input.yearlyRate);
  const r = Number(micros) / Number(RATE_SCALE) / 100 / 12;
  // The level instalment (floating point only to find it; every booked figure is an integer).
  const level = r === 0 ? amount / tenorMonths : (amount * r) / (1 - (1 + r) ** -tenorMonths);
  const instalment = Math.ceil(level / minorPerMajor) * minorPerMajor;

  const schedule: ScheduleRow[] = [];
  let balance = amount;
  for (let month = 1; month <= tenorMonths && balance > 0; month++) {
    const interest = monthlyInterest(balance, micros, minorPerMajor);
    const last = month === tenorMonths || instalment - interest >= balance;
    const principal = last ? balance : Math.max(0, instalment - interest);
    balance -= principal;
    schedule.push({ month, instalment: principal + interest, principal, interest, balance });
  }
  const totalInterest = schedule.reduce((s, row) => s + row.interest, 0);
  return { instalment, totalInterest, totalPayment: amount + totalInterest, schedule };
}
