import { createHash } from 'node:crypto';
import { personName, seedOf, sleep, billerLatencyMs } from '../billers/simulator';
import { participant, type ClearingMethod } from './banks';

/**
 * The interbank clearing house, seen from the bank: an outside party it sends transfers to and asks
 * about. A real bank puts its BI-FAST / SKN / RTGS / ATM-switch gateway behind this interface; the
 * simulated one below is deterministic and keeps no state of its own, so every app server gets the
 * same answer for the same transfer, and asking twice never credits twice.
 */
export interface ClearingHouse {
  /** The beneficiary's account at another bank, as the network tells it (online and BI-FAST look-ups). */
  lookup(bankCode: string, accountNo: string, method: ClearingMethod): Promise<LookupAnswer>;
  /** Sends a transfer (the money is already held at the bank). Idempotent on `instruction.ref`. */
  submit(instruction: ClearingInstruction, sentAt: Date): Promise<ClearingAnswer>;
  /** Asks about a transfer sent at `sentAt` whose answer was not final. */
  status(instruction: ClearingInstruction, sentAt: Date): Promise<ClearingAnswer>;
}

export interface ClearingInstruction {
  /** The bank's own reference for this transfer: the clearing house's idempotency key. */
  ref: string;
  method: ClearingMethod;
  bankCode: string;
  accountNo: string;
  /** As looked up (online, BI-FAST) or as the customer typed it (SKN, RTGS). */
  beneficiaryName: string;
  amount: number;
  currency: string;
  /** SKN/RTGS sent after the cut-off or on a non-business day: the business day (YYYY-MM-DD) it is cleared on. */
  effectiveDate?: string;
}

/** The first batch of a business day runs at 08:00 WIB (01:00 UTC). */
export const firstBatchOf = (date: string) => Date.parse(`${date}T01:00:00Z`);

/** ISO 20022 reason codes, as BI-FAST (and the bank's SKN/RTGS gateway) return them. */
export type RejectReason = 'AC01' | 'AC04' | 'BE01' | 'RC01';
export const REJECT_REASONS: Record<RejectReason, { eng: string; idn: string }> = {
  AC01: {
    eng: 'the beneficiary account number is not found',
    idn: 'nomor rekening penerima tidak ditemukan',
  },
  AC04: { eng: 'the beneficiary account is closed', idn: 'rekening penerima sudah ditutup' },
  BE01: {
    eng: "the beneficiary's name does not match the account",
    idn: 'nama penerima tidak sesuai dengan rekening',
  },
  RC01: {
    eng: 'the beneficiary bank does not take this transfer method',
    idn: 'bank penerima tidak melayani metode transfer ini',
  },
};

export type LookupAnswer =
  { found: true; name: string; bankName: string } | { found: false; reason: RejectReason };

export type ClearingAnswer =
  | { state: 'settled'; clearingReference: string; settledAt: string }
  /** Online/BI-FAST: no final answer yet (a time-out at the beneficiary bank). */
  | { state: 'in_progress' }
  /** SKN/RTGS: accepted into the next batch, which runs at batchAt. */
  | { state: 'queued'; batchAt: string }
  | { state: 'rejected'; reason: RejectReason; at: string };

/**
 * Accounts of other banks the simulated clearing house knows: any number of 5 to 18 digits, with a
 * name derived from the bank and the number (same number, same name), except the magic endings
 * (README.md beside this file): 0404 does not exist, 0410 is closed, 2018 times out first.
 */
export type DirectoryEntry =
  { status: 'active'; name: string } | { status: 'closed'; name: string } | { status: 'unknown' };

/** A few named accounts for the demo and the README (the rest are derived). */
export const DEMO_ACCOUNTS: readonly { bankCode: string; accountNo: string; name: string }[] = [
  { bankCode: '014', accountNo: '1234567890', name: 'SITI RAHAYU' },
  { bankCode: '008', accountNo: '1370012345678', name: 'AGUS PRATAMA' },
  { bankCode: '002', accountNo: '002101000123567', name: 'DEWI LESTARI' },
  { bankCode: '542', accountNo: '100200300400', name: 'RINA KUSUMA' },
];

export function directoryEntry(bankCode: string, accountNo: string): DirectoryEntry {
  if (!/^\d{5,18}$/.test(accountNo) || !participant(bankCode)) return { status: 'unknown' };
  const named = DEMO_ACCOUNTS.find((a) => a.bankCode === bankCode && a.accountNo === accountNo);
  if (named) return { status: 'active', name: named.name };
  if (accountNo.endsWith('0404')) return { status: 'unknown' };
  const name = personName(seedOf(`clearing:${bankCode}:${accountNo}`));
  return accountNo.endsWith('0410') ? { status: 'closed', name } : { status: 'active', name };
}

/** Names compared as banks do: case, punctuation, titles and extra spaces aside; every word typed must be in the account's name. */
export function namesMatch(typed: string, onAccount: string): boolean {
  const words = (s: string) =>
    s
      .toUpperCase()
      .replace(/[^A-Z0-9 ]/g, ' ')
      .split(/\s+/)
      .filter((w) => w && !['MR', 'MRS', 'MS', 'BPK', 'BAPAK', 'IBU', 'SDR', 'SDRI'].includes(w));
  const t = words(typed);
  const a = new Set(words(onAccount));
  return t.length > 0 && t.every((w) => a.has(w));
}

export interface SimulatedClearingOptions {
  /** SKN batches run every this many ms (CLEARING_SKN_BATCH_MS, default 10 minutes). */
  sknBatchMs?: number;
  /** RTGS is settled in runs every this many ms (CLEARING_RTGS_BATCH_MS, default 2 minutes). */
  rtgsBatchMs?: number;
  /** How long a time-out at the beneficiary bank lasts (CLEARING_PENDING_MS, default 1 minute). */
  pendingMs?: number;
  latencyMs?: number;
  now?: () => number;
}

/** The simulated networks' timings unless the environment says otherwise (README's configuration). */
export const CLEARING_DEFAULT_MS = { sknBatch: 10 * 60_000, rtgsBatch: 2 * 60_000, pending: 60_000 } as const;

const envMs = (name: string, fallback: number) => {
  const v = process.env[name];
  return v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Math.max(1, Number(v)) : fallback;
};

/** The batch that takes a transfer sent at `sentMs`: the first boundary of `every` strictly after it. */
export const batchAfter = (sentMs: number, every: number) => (Math.floor(sentMs / every) + 1) * every;

function clearingReference(i: ClearingInstruction): string {
  const h = createHash('sha256').update(`${i.method}:${i.ref}`).digest();
  const prefix = { online: 'ATM', bifast: 'BIF', skn: 'SKN', rtgs: 'RTG' }[i.method];
  return `${prefix}${String(h.readUInt32BE(0)).padStart(10, '0')}${String(h.readUInt16BE(4)).padStart(5, '0')}`;
}

export function simulatedClearingHouse(opts: SimulatedClearingOptions = {}): ClearingHouse {
  const now = opts.now ?? Date.now;
  const latency = () => sleep(opts.latencyMs ?? billerLatencyMs());
  const batchMs = (m: ClearingMethod) =>
    m === 'skn'
      ? (opts.sknBatchMs ?? envMs('CLEARING_SKN_BATCH_MS', CLEARING_DEFAULT_MS.sknBatch))
      : (opts.rtgsBatchMs ?? envMs('CLEARING_RTGS_BATCH_MS', CLEARING_DEFAULT_MS.rtgsBatch));
  const pendingMs = () => opts.pendingMs ?? envMs('CLEARING_PENDING_MS', CLEARING_DEFAULT_MS.pending);

  /** The final answer for a transfer once the network has processed it (at `at`). */
  function finalAnswer(i: ClearingInstruction, at: number): ClearingAnswer {
    const iso = new Date(at).toISOString();
    const bank = participant(i.bankCode);
    if (!bank || !bank.methods.includes(i.method)) return { state: 'rejected', reason: 'RC01', at: iso };
    const entry = directoryEntry(i.bankCode, i.accountNo);
    if (entry.status === 'unknown') return { state: 'rejected', reason: 'AC01', at: iso };
    if (entry.status === 'closed') return { state: 'rejected', reason: 'AC04', at: iso };
    // The receiving bank checks the name it was sent (typed for SKN/RTGS) against its account.
    if (!namesMatch(i.beneficiaryName, entry.name)) return { state: 'rejected', reason: 'BE01', at: iso };
    return { state: 'settled', clearingReference: clearingReference(i), settledAt: iso };
  }

  function answer(i: ClearingInstruction, sentAt: Date): ClearingAnswer {
    const sent = sentAt.getTime();
    if (i.method === 'skn' || i.method === 'rtgs') {
      const after = i.effectiveDate ? Math.max(sent, firstBatchOf(i.effectiveDate) - 1) : sent;
      const batchAt = batchAfter(after, batchMs(i.method));
      return now() < batchAt
        ? { state: 'queued', batchAt: new Date(batchAt).toISOString() }
        : finalAnswer(i, batchAt);
    }
    // Real time: answered at once, but a time-out at the beneficiary bank leaves it open a while.
    if (i.accountNo.endsWith('2018') && now() - sent < pendingMs()) return { state: 'in_progress' };
    return finalAnswer(i, Math.max(sent, Math.min(now(), sent + pendingMs())));
  }

  return {
    async lookup(bankCode, accountNo, method) {
      await latency();
      const bank = participant(bankCode);
      if (!bank || !bank.methods.includes(method)) return { found: false, reason: 'RC01' };
      const entry = directoryEntry(bankCode, accountNo);
      if (entry.status === 'unknown') return { found: false, reason: 'AC01' };
      if (entry.status === 'closed') return { found: false, reason: 'AC04' };
      return { found: true, name: entry.name, bankName: bank.name };
    },
    async submit(i, sentAt) {
      await latency();
      return answer(i, sentAt);
    },
    async status(i, sentAt) {
      await latency();
      return answer(i, sentAt);
    },
  };
}
