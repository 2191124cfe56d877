import { flash, LOGOUT_MESSAGE, SESSION_EXPIRED } from '@/shared/api/session-store';

export type ArrivalNotice = { kind: 'logout'; eng: string; idn: string } | { kind: 'expired' } | null;

/** Reads (without removing) what the last page left for the login page; see takeArrivalNotice. */
export function peekArrivalNotice(): ArrivalNotice {
  let s: Storage | undefined;
  try {
    s = sessionStorage;
  } catch {
    return null;
  }
  const logout = s.getItem(LOGOUT_MESSAGE);
  if (logout) return parseLogoutMessage(logout);
  if (s.getItem(SESSION_EXPIRED)) return { kind: 'expired' };
  return null;
}

/** The logout message is stored either as the server's {eng, idn} or as plain text. */
export function parseLogoutMessage(raw: string): ArrivalNotice {
  try {
    const v = JSON.parse(raw) as unknown;
    if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      const inner = (o.logoutresponse ?? o) as Record<string, unknown>;
      if (typeof inner.eng === 'string' || typeof inner.idn === 'string') {
        const eng = String(inner.eng ?? inner.idn);
        return { kind: 'logout', eng, idn: String(inner.idn ?? eng) };
      }
    }
    if (typeof v === 'string') return { kind: 'logout', eng: v, idn: v };
  } catch {
    // plain text
  }
  return { kind: 'logout', eng: raw, idn: raw };
}

/** Removes the flash entries once shown, so a reload of the login page does not repeat them. */
export function clearArrivalNotice(): void {
  flash.take(LOGOUT_MESSAGE);
  flash.take(SESSION_EXPIRED);
}
