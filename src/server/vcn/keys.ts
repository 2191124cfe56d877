import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/db';

/**
 * The key of the virtual card numbers' hashes: VCN_SECRET when set (from the deployment's secret
 * store, the same on every app server), otherwise one drawn on the first use and kept in the database
 * (auth_secrets), as the OTP key is. Without it the stored hashes tell nothing: a number has 16
 * digits but only about 10^9 possible ones behind a known BIN, so a plain hash would be reversed in
 * minutes, a keyed one is not.
 */
export async function vcnKey(db: Queryable): Promise<string> {
  if (process.env.VCN_SECRET) return process.env.VCN_SECRET;
  await db.query(
    `INSERT INTO auth_secrets (name, value) VALUES ('vcn_hmac_key', $1) ON CONFLICT (name) DO NOTHING`,
    [randomBytes(32).toString('hex')],
  );
  const { rows } = await db.query<{ value: string }>(
    `SELECT value FROM auth_secrets WHERE name = 'vcn_hmac_key'`,
  );
  return rows[0]!.value;
}

const hmac = (key: string, text: string) => createHmac('sha256', key).update(text).digest('hex');

/** What the card switch looks a VCN up by. */
export const numberHash = (key: string, number: string) => hmac(key, `vcn-number:${number}`);

/** The CVV's hash, bound to its number (the same CVV of another number hashes otherwise). */
export const cvvHash = (key: string, number: string, cvv: string) => hmac(key, `vcn-cvv:${number}:${cvv}`);

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The bank's Mastercard BIN for virtual card numbers (simulated). */
export const VCN_BIN = '522184';

/** Luhn check digit of the digits before it. */
export function luhnDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

export const luhnValid = (number: string) =>
  /^\d{13,19}$/.test(number) && luhnDigit(number.slice(0, -1)) === number.slice(-1);

/** A new 16-digit card number under the BIN (random, Luhn-valid) and a 3-digit CVV. */
export function newCardNumber(): { number: string; cvv: string } {
  let body = VCN_BIN;
  while (body.length < 15) body += String(randomInt(0, 10));
  return { number: body + luhnDigit(body), cvv: String(randomInt(0, 1000)).padStart(3, '0') };
}
