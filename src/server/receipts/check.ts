import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/db';
import type { Money } from '../../shared/money';

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed from paper stays unambiguous. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 10;

export function newCode(): string {
  let s = '';
  for (let i = 0; i < CODE_LENGTH; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}

/** What a person types or a QR code carries ("k3m9q-2xa7p", "K3M9Q2XA7P") as the stored code, or null. */
export function normaliseCode(input: string): string | null {
  const s = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return s.length === CODE_LENGTH && [...s].every((c) => ALPHABET.includes(c)) ? s : null;
}

/** "K3M9Q2XA7P" -> "K3M9Q-2XA7P", as printed. */
export const printedCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

/** The check code of the customer's own receipt, made on first request; null when no such receipt is theirs. */
export async function receiptCode(
  db: Queryable,
  customerId: number,
  referenceNo: string,
): Promise<string | null> {
  const { rows } = await db.query<{ id: number; code: string | null }>(
    `SELECT j.id, c.code FROM journal j LEFT JOIN receipt_codes c ON c.journal_id = j.id
      WHERE j.reference_no = $1 AND j.customer_id = $2`,
    [referenceNo, customerId],
  );
  const j = rows[0];
  if (!j) return null;
  if (j.code) return j.code;
  for (;;) {
    const { rows: made } = await db.query<{ code: string }>(
      `WITH ins AS (
         INSERT INTO receipt_codes (code, journal_id) VALUES ($1, $2)
         ON CONFLICT DO NOTHING RETURNING code)
       SELECT code FROM ins UNION ALL SELECT code FROM receipt_codes WHERE journal_id = $2`,
      [newCode(), j.id],
    );
    // A code taken by another receipt (about 1 in 10^15): draw again.
    if (made[0]) return made[0].code;
  }
}

/** "Budi Santoso" -> "B*** S******": enough to recognise, not to learn a name from. */
export function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((w) => [...w][0]! + '*'.repeat(Math.max(2, [...w].length - 1)))
    .join(' ');
}

/** "800123456701" -> "8001****6701"; short numbers keep only their last 4. */
export function maskAccount(no: string): string {
  return no.length > 8 ? no.slice(0, 4) + '*'.repeat(no.length - 8) + no.slice(-4) : `****${no.slice(-4)}`;
}

export interface CheckedReceipt {
  referenceNo: string;
  status: 'success' | 'pending' | 'failed';
  flowId: string;
  createdAt: string;
  total: Money;
  from?: { name: string; accountNo: string };
  to?: { name: string; accountNo: string };
}

/** The receipt a check code stands for, masked; null when the bank has no such receipt. */
export async function checkReceipt(db: Queryable, code: string): Promise<CheckedReceipt | null> {
  const { rows } = await db.query<{
    reference_no: string;
    status: CheckedReceipt['status'];
    flow_id: string;
    created_at: Date | string;
    amount: number | string;
    currency: string;
    total: Money | null;
  }>(
    `SELECT j.reference_no, j.status, j.flow_id, j.created_at, j.amount, j.currency,
            j.details -> 'receipt' -> 'total' AS total
       FROM receipt_codes c JOIN journal j ON j.id = c.journal_id WHERE c.code = $1`,
    [code],
  );
  const j = rows[0];
  if (!j) return null;
  // Whose accounts the money left and reached: the customers' accounts among the journal's entries.
  const { rows: sides } = await db.query<{ amount: number | string; account_no: string; full_name: string }>(
    `SELECT e.amount, a.account_no, cu.full_name
       FROM receipt_codes c JOIN journal j ON j.id = c.journal_id
       JOIN ledger_entries e ON e.journal_id = j.id
       JOIN accounts a ON a.id = e.account_id JOIN customers cu ON cu.id = a.customer_id
      WHERE c.code = $1 ORDER BY e.id`,
    [code],
  );
  const side = (neg: boolean) => {
    const s = sides.find((x) => Number(x.amount) < 0 === neg);
    return s ? { name: maskName(s.full_name), accountNo: maskAccount(s.account_no) } : undefined;
  };
  const from = side(true);
  const to = side(false);
  return {
    referenceNo: j.reference_no,
    status: j.status,
    flowId: j.flow_id,
    createdAt: new Date(j.created_at).toISOString(),
    total: j.total ?? { amount: Number(j.amount), currency: j.currency },
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}
