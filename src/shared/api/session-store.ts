import { DEFAULT_BROWSER_ID } from '../constants';

/**
 * What the browser keeps of a session: the bearer token and its expiry, in sessionStorage only
 * (gone with the tab). The spec's fixed-passphrase encryption protects nothing, so we keep less instead.
 */
export interface Credentials {
  accessToken: string;
  /** Epoch milliseconds at which the server forgets the session if idle. */
  expires: number;
}

/** Also read by a prerendered signed-in page's SIGNED_IN_FRAME_SCRIPT (src/shared/csp.ts). */
export const CREDENTIALS = 'credentials';
export const BROWSER_ID = 'browserId';
export const LOGOUT_MESSAGE = 'logoutFeedback';
export const SESSION_EXPIRED = 'session_expired';

type Listener = (c: Credentials | null) => void;
const listeners = new Set<Listener>();

function storage(kind: 'session' | 'local'): Storage | undefined {
  try {
    return kind === 'session' ? globalThis.sessionStorage : globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function getCredentials(): Credentials | null {
  const raw = storage('session')?.getItem(CREDENTIALS);
  if (!raw) return null;
  try {
    const c = JSON.parse(raw) as Credentials;
    return typeof c.accessToken === 'string' && typeof c.expires === 'number' ? c : null;
  } catch {
    return null;
  }
}

export function setCredentials(c: Credentials | null): void {
  const s = storage('session');
  if (c) s?.setItem(CREDENTIALS, JSON.stringify(c));
  else s?.removeItem(CREDENTIALS);
  for (const l of listeners) l(c);
}

export function onCredentialsChange(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** A random id per browser, kept in localStorage; the spec's '1234' only when storage is unavailable. */
export function getBrowserId(): string {
  const s = storage('local');
  if (!s) return DEFAULT_BROWSER_ID;
  let id = s.getItem(BROWSER_ID);
  if (!id) {
    id = globalThis.crypto?.randomUUID?.() ?? DEFAULT_BROWSER_ID;
    s.setItem(BROWSER_ID, id);
  }
  return id;
}

/** Flags and messages that survive the trip to the login page. */
export const flash = {
  set(key: string, value: string) {
    storage('session')?.setItem(key, value);
  },
  take(key: string): string | null {
    const s = storage('session');
    const v = s?.getItem(key) ?? null;
    s?.removeItem(key);
    return v;
  },
};
