import { minorDigits, type Money } from '../money';

/**
 * A mobile credit denomination named as the product it is ("Pulsa 100.000" / "Credit 100,000"), not
 * as a second price beside what it costs; the server's choices and the web's purchase form data agree.
 */
export function denominationLabels(nominal: Money): { labelEng: string; labelIdn: string } {
  const units = nominal.amount / 10 ** minorDigits(nominal.currency);
  return {
    labelEng: `Credit ${new Intl.NumberFormat('en-US').format(units)}`,
    labelIdn: `Pulsa ${new Intl.NumberFormat('id-ID').format(units)}`,
  };
}
