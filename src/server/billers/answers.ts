import type { AnswerSchema } from '../../shared/flows/reference';
import { personName, seedOf } from './simulator';

const MONTHS_ID = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
];

/**
 * What a simulated provider answers, from its category's declaration: each property's "x-simulate"
 * says how (deterministic per seed text, e.g. provider and customer number):
 * - "name": a person's name; "customerNumber": the number asked about; "period": this month (Indonesian);
 * - "amount:MIN-MAX": an integer of minor units in that range, whole hundreds of rupiah;
 * - "digits:N": N digits (a token, a serial, a reference); "token": 20 digits in groups of four;
 * - "kwh": kilowatt-hours with one decimal, as text ("32,5"); "date:+N": the date N days on (YYYY-MM-DD);
 * - "pick:a|b|c": one of the options, a number when the property is one (a penalty of "0|0|300000" is
 *   minor units, as an amount's); a number or other text: that value as is.
 * A property without "x-simulate" is left out (a real adapter fills it).
 */
export function simulateAnswer(
  schema: AnswerSchema | undefined,
  seedText: string,
  known: { customerNumber?: string } = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let i = 0;
  for (const [key, prop] of Object.entries(schema?.properties ?? {})) {
    const how = prop['x-simulate'];
    if (how === undefined) continue;
    const seed = seedOf(`${seedText}:${key}:${i++}`);
    const n = seed[0]!;
    if (typeof how === 'number') out[key] = how;
    else if (how === 'name') out[key] = personName(seed);
    else if (how === 'customerNumber') out[key] = known.customerNumber ?? '';
    else if (how === 'period') {
      const now = new Date();
      out[key] = `${MONTHS_ID[now.getUTCMonth()]} ${now.getUTCFullYear()}`;
    } else if (how.startsWith('amount:')) {
      const [min, max] = how.slice(7).split('-').map(Number) as [number, number];
      out[key] = min + Math.floor((n % (max - min + 1)) / 10_000) * 10_000;
    } else if (how.startsWith('digits:')) out[key] = digits(seed, Number(how.slice(7)));
    else if (how === 'token') out[key] = digits(seed, 20);
    else if (how === 'kwh') out[key] = `${10 + (n % 190)},${seed[1]! % 10}`;
    else if (how.startsWith('date:+')) {
      const d = new Date(Date.now() + Number(how.slice(6)) * 86_400_000);
      out[key] = d.toISOString().slice(0, 10);
    } else if (how.startsWith('pick:')) {
      const options = how.slice(5).split('|');
      out[key] = asDeclared(prop.type, options[n % options.length]!);
    } else out[key] = how;
  }
  return out;
}

/** A picked option as its property's declared type: an integer property answers a number, never its text. */
function asDeclared(type: string | undefined, option: string): string | number {
  return (type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(option)
    ? Number(option)
    : option;
}

function digits(seed: number[], count: number): string {
  let s = '';
  for (let k = 0; s.length < count; k++)
    s += String(seed[k % seed.length]! + k)
      .padStart(10, '0')
      .slice(-9);
  return s.slice(0, count);
}
