import { getCredentials } from '@/shared/api/session-store';
import { SESSION } from '@/shared/constants';
import type { FlowRestore } from './machine/flow-machine';

/**
 * A pending transaction survives leaving the page (sessionStorage, gone with the tab) until a new
 * transaction replaces it or the session ends. Our own versioned record, not an XState snapshot
 * (whose promise actors would restart on restore); expiries are timestamps; never an OTP.
 */
export const STORAGE_KEY = 'engine.transaction';
export const RECORD_VERSION = 1;
/** The server keeps a multi-step inquiry's earlier steps this long (transaction_inquiry_steps). */
export const STEPS_TTL_MS = 15 * 60_000;

export interface StoredTransaction {
  v: number;
  flowId: string;
  savedAt: number;
  state: FlowRestore;
}

function store(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export function saveTransaction(flowId: string, state: FlowRestore, now = Date.now()): void {
  const rec: StoredTransaction = { v: RECORD_VERSION, flowId, savedAt: now, state };
  store()?.setItem(STORAGE_KEY, JSON.stringify(rec));
}

export function clearTransaction(): void {
  store()?.removeItem(STORAGE_KEY);
}

/** The stored transaction, if it is still good: same version, a live session, not past its expiry. */
export function loadTransaction(now = Date.now()): StoredTransaction | undefined {
  const raw = store()?.getItem(STORAGE_KEY);
  if (!raw) return undefined;
  let rec: StoredTransaction;
  try {
    rec = JSON.parse(raw) as StoredTransaction;
  } catch {
    clearTransaction();
    return undefined;
  }
  const creds = getCredentials();
  const live =
    rec.v === RECORD_VERSION &&
    !!creds &&
    creds.expires > now &&
    now - rec.savedAt < SESSION.absoluteMs &&
    (!!rec.state.receipt || !rec.state.inquiry || Date.parse(rec.state.inquiry.expiresAt) > now) &&
    // A multi-step inquiry's earlier answers live as long on the server (from the last step sent).
    (!rec.state.stepToken || !!rec.state.inquiry || now - rec.savedAt < STEPS_TTL_MS);
  if (!live) {
    clearTransaction();
    return undefined;
  }
  return rec;
}
