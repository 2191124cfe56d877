import type { Credentials } from './session-store';

/**
 * The credentials an answer hands back (`access_token` and `expires`), to keep in place of those held,
 * or null to keep what is held. The server rotates the token, so an answer to a call sent with a token
 * no longer held (a parallel call answered after the one that brought the new token, or a call that
 * outlived a logout) changes nothing. Every API client of the product follows this rule: the web app
 * (client.ts), the companion app, and the benches that drive the server over HTTP.
 */
export function answeredCredentials(
  heldToken: string | undefined,
  sentToken: string | undefined,
  header: (name: 'access_token' | 'expires') => string | null | undefined,
): Credentials | null {
  if (sentToken !== undefined && heldToken !== sentToken) return null;
  const token = header('access_token');
  const expires = header('expires');
  if (!token || !expires) return null;
  const at = /^\d+$/.test(expires) ? Number(expires) : Date.parse(expires);
  return Number.isFinite(at) ? { accessToken: token, expires: at } : null;
}
