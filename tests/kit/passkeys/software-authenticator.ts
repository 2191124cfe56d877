import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';

/**
 * A passkey authenticator in Node, for server tests without a browser: ES256 keys from node:crypto,
 * authenticator data built byte by byte as WebAuthn lays it out, and the attestation object ("none"
 * format) and COSE key encoded with the CBOR encoder @simplewebauthn/server itself exports (no CBOR
 * of our own). Each call can break one thing the server must refuse: another origin, no user
 * verification, a counter set back (a cloned key), another credential id.
 */

const b64url = (b: Uint8Array | Buffer) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

interface Key {
  id: Buffer;
  privateKey: KeyObject;
  cose: Uint8Array;
  userHandle: string;
  counter: number;
}

export interface Tweaks {
  origin?: string;
  rpId?: string;
  /** false: the device did not verify the person. */
  userVerified?: boolean;
  /** The counter to sign with (a clone's copy of the key goes on from where it was copied). */
  counter?: number;
  /** Sign with this credential (its id, base64url) instead of the one the options allow first. */
  credentialId?: string;
  /** Sign this challenge instead of the options' (base64url). */
  challenge?: string;
}

export class SoftwareAuthenticator {
  readonly keys = new Map<string, Key>();
  constructor(
    readonly origin: string,
    readonly rpId = new URL(origin).hostname,
    /** Counts signatures (most platform authenticators do); false: always 0, as synced passkeys do. */
    readonly counts = true,
  ) {}

  private authData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create: a new discoverable ES256 credential, attested "none". */
  create(options: PublicKeyCredentialCreationOptionsJSON, t: Tweaks = {}): RegistrationResponseJSON {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const id = randomBytes(16);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, cose]);
    const uv = t.userVerified ?? true;
    const authData = this.authData(
      t.rpId ?? this.rpId,
      FLAG_UP | (uv ? FLAG_UV : 0) | FLAG_AT | FLAG_BE | FLAG_BS,
      0,
      attested,
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    this.keys.set(b64url(id), { id, privateKey, cose, userHandle: options.user.id, counter: 0 });
    const clientDataJSON = this.clientData(
      'webauthn.create',
      t.challenge ?? options.challenge,
      t.origin ?? this.origin,
    );
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** navigator.credentials.get: signs the options' challenge with one of its credentials. */
  get(options: PublicKeyCredentialRequestOptionsJSON, t: Tweaks = {}): AuthenticationResponseJSON {
    const allowed = (options.allowCredentials ?? []).map((c) => c.id);
    const id = t.credentialId ?? allowed.find((a) => this.keys.has(a)) ?? [...this.keys.keys()][0];
    const key = id ? this.keys.get(id) : undefined;
    if (!key || !id) throw new Error('software authenticator: no credential for these options');
    if (t.counter === undefined && this.counts) key.counter += 1;
    const counter = t.counter ?? (this.counts ? key.counter : 0);
    const uv = t.userVerified ?? true;
    const authData = this.authData(
      t.rpId ?? this.rpId,
      FLAG_UP | (uv ? FLAG_UV : 0) | FLAG_BE | FLAG_BS,
      counter,
    );
    const clientDataJSON = this.clientData(
      'webauthn.get',
      t.challenge ?? options.challenge,
      t.origin ?? this.origin,
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), key.privateKey);
    return {
      id,
      rawId: id,
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: key.userHandle,
      },
    };
  }
}
