import { hash, verify, type Algorithm } from '@node-rs/argon2';

// The package declares Algorithm as an ambient const enum, which isolatedModules cannot read.
const ARGON2ID = 2 as Algorithm;

// argon2id with OWASP's minimum (19 MiB, 2 passes); tuned down only in tests through ARGON2_FAST.
const options = () =>
  process.env.ARGON2_FAST === '1'
    ? { algorithm: ARGON2ID, memoryCost: 1024, timeCost: 1, parallelism: 1 }
    : { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes a password, PIN or secret answer with argon2id. */
export function hashSecret(secret: string): Promise<string> {
  return hash(secret, options());
}

export async function verifySecret(stored: string, candidate: string): Promise<boolean> {
  try {
    return await verify(stored, candidate);
  } catch {
    return false;
  }
}

let decoy: Promise<string> | undefined;
/** Spends the same time as a real check, so an unknown user id cannot be told apart by timing. */
export async function verifyAgainstDecoy(candidate: string): Promise<false> {
  decoy ??= hashSecret('decoy-password-never-matches');
  await verifySecret(await decoy, candidate);
  return false;
}
