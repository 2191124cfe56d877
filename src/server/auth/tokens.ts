import { createHash, createHmac, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session tokens, challenge ids and forgot tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as this hash, so a database leak hands out no live session. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmacSha256(key: string, value: string): Buffer {
  return createHmac('sha256', key).update(value).digest();
}
