import type { Queryable } from '../db/db';
import type { PostingSpec } from './seed-data';

/** Internal clearing accounts the seed's history is posted against, one per currency. */
export const SEED_CLEARING = (currency: string) => `INTERNAL-SEED-CLEARING-${currency}`;

export interface SeedAccount {
  id: number;
  currency: string;
  openedAt: Date;
  /** A supplementary card's: its main card's account. */
  mainAccountId?: number;
}

/** A seeded customer and their accounts by the keys their data names them with. */
export interface SeedPersona {
  customerId: number;
  accounts: Map<string, SeedAccount>;
}

export interface SeedContext {
  tx: Queryable;
  now: Date;
  /** The journals posted so far: the last part of the next reference number. */
  seq: number;
  clearing: Map<string, number>;
  hasCardSystem: boolean;
  /** The personas seeded so far, by user id (a supplementary card names its main card's). */
  personas: Map<string, SeedPersona>;
}

const DAY = 86_400_000;
/** A date `daysAgo` days before now at a fixed hour (UTC) so the history is stable within a day. */
export function at(now: Date, daysAgo: number, hourUtc: number, minute = 0): Date {
  const d = new Date(now.getTime() - daysAgo * DAY);
  d.setUTCHours(hourUtc, minute, 0, 0);
  return d;
}
export const isoDate = (d: Date) => d.toISOString().slice(0, 10);
export function addMonths(d: Date, months: number): Date {
  const r = new Date(d);
  r.setUTCMonth(r.getUTCMonth() + months);
  return r;
}

export async function insertAccount(
  c: SeedContext,
  a: {
    accountNo: string;
    customerId: number | null;
    product: string;
    name: string;
    currency: string;
    floor?: number;
    details?: Record<string, unknown>;
    createdAt?: Date;
  },
): Promise<number> {
  const r = await c.tx.query<{ id: number }>(
    `INSERT INTO accounts (account_no, customer_id, product, name, currency, balance, floor, details, created_at)
     VALUES ($1, $2, $3, $4, $5, 0, $6, $7::jsonb, $8) RETURNING id`,
    [
      a.accountNo,
      a.customerId,
      a.product,
      a.name,
      a.currency,
      a.floor ?? 0,
      JSON.stringify(a.details ?? {}),
      (a.createdAt ?? c.now).toISOString(),
    ],
  );
  return r.rows[0]!.id;
}

/**
 * Posts one balanced journal: `entries` move money between customer accounts; whatever does not
 * balance per currency is taken from (or given to) the seed clearing account of that currency.
 */
export async function post(
  c: SeedContext,
  j: {
    customerId: number;
    flowId: string;
    description: string;
    at: Date;
    amount: number;
    currency: string;
    entries: Array<[accountId: number, amount: number, currency: string]>;
    details?: Record<string, unknown>;
  },
): Promise<number> {
  c.seq += 1;
  const day = j.at.toISOString().slice(0, 10).replaceAll('-', '');
  const referenceNo = `SD${day}${String(c.seq).padStart(6, '0')}`;
  const r = await c.tx.query<{ id: number }>(
    `INSERT INTO journal (reference_no, customer_id, flow_id, status, amount, currency, description, details, created_at)
     VALUES ($1, $2, $3, 'success', $4, $5, $6, $7::jsonb, $8) RETURNING id`,
    [
      referenceNo,
      j.customerId,
      j.flowId,
      j.amount,
      j.currency,
      j.description,
      JSON.stringify({ seeded: true, ...j.details }),
      j.at.toISOString(),
    ],
  );
  const journalId = r.rows[0]!.id;
  const entries = [...j.entries];
  const net = new Map<string, number>();
  for (const [, amount, currency] of entries) net.set(currency, (net.get(currency) ?? 0) + amount);
  for (const [currency, sum] of net) {
    if (sum !== 0) entries.push([c.clearing.get(currency)!, -sum, currency]);
  }
  const values: unknown[] = [];
  const rows = entries.map(([accountId, amount, currency], i) => {
    values.push(journalId, accountId, amount, currency, j.at.toISOString());
    const b = i * 5;
    return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5})`;
  });
  await c.tx.query(
    `INSERT INTO ledger_entries (journal_id, account_id, amount, currency, created_at) VALUES ${rows.join(', ')}`,
    values,
  );
  return journalId;
}

export function accountOf(p: SeedPersona, key: string): SeedAccount {
  const a = p.accounts.get(key);
  if (!a) throw new Error(`seed data: no account "${key}" for customer ${p.customerId}`);
  return a;
}

/** The persona's accounts a posting moves money on. */
export const accountsOfPosting = (p: SeedPersona, s: PostingSpec): SeedAccount[] =>
  [...(s.entries ?? []).map((e) => e.account), s.from, s.to]
    .filter((k): k is string => k !== undefined)
    .map((k) => accountOf(p, k));

/** Posts a journal of the persona's data (see PostingSpec), each entry in its account's currency. */
export function postSpec(c: SeedContext, p: SeedPersona, when: Date, s: PostingSpec): Promise<number> {
  const fee = s.fee ?? 0;
  const entries: Array<[number, number, string]> = [];
  for (const e of s.entries ?? []) {
    const a = accountOf(p, e.account);
    entries.push([a.id, e.amount, a.currency]);
  }
  if (s.from !== undefined) {
    const a = accountOf(p, s.from);
    entries.push([a.id, -(s.amount + fee), a.currency]);
  }
  if (s.to !== undefined) {
    const a = accountOf(p, s.to);
    entries.push([a.id, s.toAmount ?? s.amount, a.currency]);
  }
  return post(c, {
    customerId: p.customerId,
    flowId: s.flowId,
    description: s.description,
    at: when,
    amount: s.amount,
    currency: s.currency ?? 'IDR',
    entries,
    details: fee ? { ...s.details, fee } : s.details,
  });
}
