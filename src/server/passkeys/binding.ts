import { createHash } from 'node:crypto';
import type { Money } from '../../shared/money';

/**
 * The challenge a passkey signs to verify a transaction is DERIVED from what the verify page shows:
 * SHA-256 over the inquiry's id, flow, amount, total, source account and payee (each item of a cart in
 * order), and a server nonce kept with the challenge and used once. The server recomputes it from the
 * stored quote when the assertion comes back, so a signature authorises exactly that transaction: a
 * changed quote, another inquiry or another cart does not match.
 */

/** What of one quoted inquiry the signature binds. */
export interface Bound {
  inquiryId: string;
  flowId: string;
  quote: {
    amount?: Money;
    total?: Money;
    debitAccountId?: number;
    beneficiary?: string;
    details?: Record<string, unknown>;
  };
}

/** JSON with object keys sorted, so the same value always gives the same text. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

/** Whom the transaction pays: the beneficiary, else the look-up's details (a biller and bill number). */
const payeeOf = (q: Bound['quote']) => q.beneficiary ?? stable(q.details ?? {});

const partsOf = (b: Bound) => [
  b.inquiryId,
  b.flowId,
  b.quote.amount?.amount ?? null,
  b.quote.amount?.currency ?? null,
  b.quote.total?.amount ?? null,
  b.quote.total?.currency ?? null,
  b.quote.debitAccountId ?? null,
  payeeOf(b.quote),
];

/** base64url(SHA-256(the bound items || the subject || nonce)). */
export function derivedChallenge(
  purpose: 'inquiry' | 'cart',
  subject: string,
  items: readonly Bound[],
  nonce: string,
): string {
  const text = JSON.stringify(['octo-passkey-v1', purpose, subject, items.map(partsOf), nonce]);
  return createHash('sha256').update(text).digest('base64url');
}
