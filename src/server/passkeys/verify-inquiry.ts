import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { Db, Queryable } from '../db/db';
import { derivedChallenge, type Bound } from './binding';
import {
  checkAssertion,
  clientDataOf,
  authenticationOptions,
  type AuthenticationResponseJSON,
} from './ceremony';
import { relyingParty } from './config';
import { passkeyErrors } from './errors';
import {
  challengeByText,
  credentialById,
  flagCloned,
  markUsed,
  randomChallenge,
  storeChallenge,
  usableCredentials,
  useChallenge,
} from './store';

/**
 * A passkey as a transaction's verification (beside the OTP and the app approval), for the transaction
 * core (one inquiry) and for verifications of several inquiries at once (the cart): a request whose
 * challenge is derived from what is verified (binding.ts), and the check of the signed answer.
 */

export type { AuthenticationResponseJSON };

export interface PasskeyRequest {
  /** For navigator.credentials.get (through @simplewebauthn/browser's startAuthentication). */
  options: PublicKeyCredentialRequestOptionsJSON;
  expiresAt: string;
}

export interface PasskeySubject {
  purpose: 'inquiry' | 'cart';
  /** The inquiry's id, or the cart verification's. */
  id: string;
  items: readonly Bound[];
}

/** A request to sign `subject` with one of the customer's passkeys (PASSKEY_NONE without one). */
export async function requestPasskey(
  db: Queryable,
  who: { customerId: number; sessionId: number },
  subject: PasskeySubject,
): Promise<PasskeyRequest> {
  const creds = await usableCredentials(db, who.customerId);
  if (!creds.length) throw passkeyErrors.none();
  const nonce = randomChallenge();
  const challenge = derivedChallenge(subject.purpose, subject.id, subject.items, nonce);
  const { expiresAt } = await storeChallenge(db, {
    purpose: subject.purpose,
    challenge,
    nonce,
    customerId: who.customerId,
    sessionId: who.sessionId,
    subject: subject.id,
  });
  return { options: await authenticationOptions(relyingParty(), challenge, creds), expiresAt };
}

/**
 * Checks a signed answer for `subject`: the customer's own passkey, not blocked; a challenge of this
 * subject, recomputed from what it is now (PASSKEY_OTHER_TRANSACTION otherwise), not expired, not used;
 * origin, RP id, user verification, signature; a counter that moved on (a clone is blocked). Then, in
 * one database transaction, the challenge is used up, the passkey's counter and last use kept, and
 * `then` runs (the owner's record of the verification): a replay finds the challenge used and books
 * nothing.
 */
export async function checkPasskey(
  db: Db,
  customerId: number,
  subject: PasskeySubject,
  response: AuthenticationResponseJSON,
  where: string,
  then?: (tx: Queryable) => Promise<void>,
): Promise<void> {
  const credential = await credentialById(db, response.id);
  if (credential.customerId !== customerId) throw passkeyErrors.unknown();
  if (credential.flagged) throw passkeyErrors.cloned();
  if (credential.underReview) throw passkeyErrors.underReview();
  const signed = clientDataOf(response).challenge;
  const row = await challengeByText(db, signed);
  if (!row || row.purpose !== subject.purpose || row.subject !== subject.id || row.customerId !== customerId)
    throw passkeyErrors.otherInquiry();
  if (derivedChallenge(subject.purpose, subject.id, subject.items, row.nonce ?? '') !== row.challenge)
    throw passkeyErrors.otherInquiry();
  if (row.used) throw passkeyErrors.replayed();
  if (row.expired) throw passkeyErrors.expired();
  const check = await checkAssertion(relyingParty(), response, row.challenge, credential);
  if (check.cloned) {
    await flagCloned(db, credential.id);
    throw passkeyErrors.cloned();
  }
  await db.transaction(async (tx) => {
    if (!(await useChallenge(tx, row.id, credential.id))) throw passkeyErrors.replayed();
    await markUsed(tx, credential.id, check.newCounter, where);
    await then?.(tx);
  });
}
