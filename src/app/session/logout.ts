import { ApiFailure, apiPost } from '@/shared/api/client';
import { flash, LOGOUT_MESSAGE, SESSION_EXPIRED, setCredentials } from '@/shared/api/session-store';
import { disconnectChat } from './chat-session';

/** Keys the spec names for stored session data (section 3 "Session" and "Local session storage keys"). */
export const CHAT_KEYS = ['MLC', 'ULC', 'lc'] as const;
export const SESSION_DATA_KEYS = [
  'dataConfirmation',
  'payloadReqApi',
  'creditDataCard',
  'nonameStorage',
] as const;

/** Why the session ends: the user's button, the idle limit, the absolute limit, or a refused token. */
export type LogoutReason = 'user' | 'idle' | 'absolute' | 'expired';

export interface LogoutDeps {
  /** Where to go afterwards (the router's navigate in the app; a page load by default). */
  navigate?: (path: string) => void;
}

let inFlight: Promise<void> | null = null;

function session(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export function isChatOpen(): boolean {
  return session()?.getItem('lc') === 'open';
}

/** Clears what the browser keeps of the session (not the language or browser id). */
export function clearSessionData(): void {
  const s = session();
  for (const k of [...CHAT_KEYS, ...SESSION_DATA_KEYS]) s?.removeItem(k);
  setCredentials(null);
}

/**
 * Spec section 4 "Session logout": call the server, disconnect any live chat, clear the stored
 * session, keep the server's logout message for the login page, go to login. An invalid-token,
 * 400 or 401 answer flags session_expired instead. Concurrent calls share one logout.
 */
export function logout(reason: LogoutReason = 'user', deps: LogoutDeps = {}): Promise<void> {
  inFlight ??= run(reason, deps).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function run(reason: LogoutReason, deps: LogoutDeps): Promise<void> {
  let expired = reason !== 'user';
  let message: unknown;
  // The chat service needs no session of ours: an expired session disconnects its chat too.
  const chat = isChatOpen()
    ? Promise.all([
        disconnectChat(),
        reason !== 'expired'
          ? apiPost('/api/usersettings/v1/geturllivechatclose', {}).catch(() => undefined)
          : undefined,
      ])
    : undefined;
  await chat;
  if (reason !== 'expired') {
    try {
      const res = await apiPost<{ logoutresponse?: unknown }>('/api/v1/login/logout', {});
      message = res?.logoutresponse;
    } catch (err) {
      if (
        err instanceof ApiFailure &&
        (err.kind === 'invalid_token' || err.status === 400 || err.status === 401)
      )
        expired = true;
      // any other failure (time-out, server down): the browser forgets the session all the same
    }
  }
  clearSessionData();
  flash.take(LOGOUT_MESSAGE);
  flash.take(SESSION_EXPIRED);
  if (expired) flash.set(SESSION_EXPIRED, '1');
  else if (message !== undefined && message !== null && message !== '')
    flash.set(LOGOUT_MESSAGE, typeof message === 'string' ? message : JSON.stringify(message));
  const go = deps.navigate ?? ((p: string) => globalThis.location?.assign(p));
  go('/login/');
}
