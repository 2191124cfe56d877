import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The token a rotation issued, sealed with the token it replaced: only a holder of the replaced token
 * can open it, and the database keeps hashes of both, so a leaked row hands out no session.
 */
const keyOf = (replaced: string) => createHash('sha256').update(`session-handover:${replaced}`).digest();

export function sealToken(replaced: string, current: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(replaced), iv);
  const sealed = Buffer.concat([cipher.update(current, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The current token, or null when `sealed` was not sealed with `replaced`. */
export function openToken(replaced: string, sealed: string): string | null {
  const raw = Buffer.from(sealed, 'base64url');
  if (raw.length < 29) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(replaced), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
