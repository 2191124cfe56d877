// Where passkeys are valid: the relying party's id and the web origins allowed to ask for them.

/** The relying party: its id (a domain the origins are on), its name, and the origins that may use it. */
export interface RelyingParty {
  id: string;
  name: string;
  /** Exact origins allowed; empty: any http(s) origin on the RP id's host itself, any port (development). */
  origins: string[];
}

/**
 * From PASSKEY_RP_ID (default `localhost`) and PASSKEY_ORIGINS (comma separated, e.g.
 * `https://ib.bank.co.id`; default: the RP id's host on any port, which suits `npm start` and tests on
 * localhost). Read at each call, so a test can set them.
 */
export function relyingParty(env: NodeJS.ProcessEnv = process.env): RelyingParty {
  const id = (env.PASSKEY_RP_ID ?? '').trim() || 'localhost';
  const origins = (env.PASSKEY_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter(Boolean);
  return { id, name: (env.PASSKEY_RP_NAME ?? '').trim() || 'Octo Retail Banking', origins };
}

/** Whether a client data origin is one the relying party accepts. */
export function originAllowed(rp: RelyingParty, origin: string): boolean {
  if (rp.origins.length) return rp.origins.includes(origin);
  try {
    const u = new URL(origin);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname === rp.id && u.origin === origin;
  } catch {
    return false;
  }
}

/** How long a challenge may be answered (the approval's 5 minutes). */
export const CHALLENGE_TTL_MS = 5 * 60_000;
