import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  decodeClientDataJSON,
  isoBase64URL,
  parseAuthenticatorData,
  toHash,
} from '@simplewebauthn/server/helpers';
import { originAllowed, type RelyingParty } from './config';
import { passkeyErrors } from './errors';

/**
 * The WebAuthn ceremonies over @simplewebauthn/server (no CBOR or COSE of our own). Each refusal is
 * told apart before the library's own full check (which runs after, with the same expectations), so
 * the customer gets the catalogue error that says what went wrong: another site, no user verification,
 * a challenge of something else. User verification is always required.
 */

export type { AuthenticationResponseJSON, RegistrationResponseJSON };

export interface StoredCredential {
  id: number;
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  flagged: boolean;
}

/** What a response's client data says, read (JSON, base64url) before anything is trusted. */
export function clientDataOf(response: { response: { clientDataJSON: string } }): {
  type: string;
  challenge: string;
  origin: string;
} {
  try {
    const c = decodeClientDataJSON(response.response.clientDataJSON);
    return { type: c.type, challenge: c.challenge, origin: c.origin };
  } catch {
    throw passkeyErrors.invalid();
  }
}

/** Origin, RP id and the user-verified flag, each with its own refusal. */
async function checkCommon(rp: RelyingParty, origin: string, authenticatorData: Uint8Array): Promise<void> {
  if (!originAllowed(rp, origin)) throw passkeyErrors.wrongOrigin();
  let parsed;
  try {
    parsed = parseAuthenticatorData(authenticatorData as Uint8Array<ArrayBuffer>);
  } catch {
    throw passkeyErrors.invalid();
  }
  const rpIdHash = await toHash(new TextEncoder().encode(rp.id));
  if (!parsed.rpIdHash || isoBase64URL.fromBuffer(parsed.rpIdHash) !== isoBase64URL.fromBuffer(rpIdHash))
    throw passkeyErrors.wrongOrigin();
  if (!parsed.flags.up || !parsed.flags.uv) throw passkeyErrors.noUserVerification();
}

/** Options to create a discoverable credential with user verification required. */
export function registrationOptions(
  rp: RelyingParty,
  user: { handle: Uint8Array; name: string; displayName: string },
  challenge: string,
  exclude: Array<Pick<StoredCredential, 'credentialId' | 'transports'>>,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: user.handle as Uint8Array<ArrayBuffer>,
    userName: user.name,
    userDisplayName: user.displayName,
    challenge: isoBase64URL.toBuffer(challenge),
    timeout: 120_000,
    attestationType: 'none',
    excludeCredentials: exclude.map((c) => ({
      id: c.credentialId,
      transports: c.transports as AuthenticatorTransportFuture[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: [-7, -257],
  });
}

export interface NewCredential {
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
}

/** Checks a registration response against the stored challenge; the credential to keep. */
export async function checkRegistration(
  rp: RelyingParty,
  response: RegistrationResponseJSON,
  challenge: string,
): Promise<NewCredential> {
  const client = clientDataOf(response);
  if (client.type !== 'webauthn.create') throw passkeyErrors.invalid();
  if (client.challenge !== challenge) throw passkeyErrors.expired();
  if (!originAllowed(rp, client.origin)) throw passkeyErrors.wrongOrigin();
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: client.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch (err) {
    const m = String((err as Error).message ?? '');
    if (/user verification/i.test(m)) throw passkeyErrors.noUserVerification();
    if (/RP ID/i.test(m)) throw passkeyErrors.wrongOrigin();
    throw passkeyErrors.invalid();
  }
  if (!verified.verified || !verified.registrationInfo) throw passkeyErrors.invalid();
  const info = verified.registrationInfo;
  return {
    credentialId: info.credential.id,
    publicKey: info.credential.publicKey,
    counter: info.credential.counter,
    transports: response.response.transports ?? [],
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
  };
}

/** Options to sign `challenge` with one of `allow` (none: any discoverable credential of this site). */
export function authenticationOptions(
  rp: RelyingParty,
  challenge: string,
  allow: Array<Pick<StoredCredential, 'credentialId' | 'transports'>> = [],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.id,
    challenge: isoBase64URL.toBuffer(challenge),
    timeout: 120_000,
    userVerification: 'required',
    allowCredentials: allow.map((c) => ({
      id: c.credentialId,
      transports: c.transports as AuthenticatorTransportFuture[],
    })),
  });
}

/** The outcome of a good assertion: the counter to keep, and whether it went backwards (a clone). */
export interface AssertionCheck {
  newCounter: number;
  cloned: boolean;
  backedUp: boolean;
}

/**
 * Checks an assertion over `challenge` by `credential`: origin, RP id, user verification, signature.
 * The counter is compared here (not by the library) so that a clone is told apart and flagged: a
 * counter that does not increase, when either side is not zero, is a copy of the key.
 */
export async function checkAssertion(
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  challenge: string,
  credential: StoredCredential,
): Promise<AssertionCheck> {
  const client = clientDataOf(response);
  if (client.type !== 'webauthn.get') throw passkeyErrors.invalid();
  let authData: Uint8Array;
  try {
    authData = isoBase64URL.toBuffer(response.response.authenticatorData);
  } catch {
    throw passkeyErrors.invalid();
  }
  await checkCommon(rp, client.origin, authData);
  if (client.challenge !== challenge) throw passkeyErrors.otherInquiry();
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: client.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: credential.credentialId,
        publicKey: credential.publicKey as Uint8Array<ArrayBuffer>,
        counter: 0,
        transports: credential.transports as AuthenticatorTransportFuture[],
      },
    });
  } catch {
    throw passkeyErrors.invalid();
  }
  if (!verified.verified) throw passkeyErrors.invalid();
  const { newCounter, credentialBackedUp } = verified.authenticationInfo;
  const cloned = (newCounter > 0 || credential.counter > 0) && newCounter <= credential.counter;
  return { newCounter, cloned, backedUp: credentialBackedUp };
}
