// The JSON shapes of the WebAuthn answers the browser sends (as @simplewebauthn/browser gives them).

const b64url = { type: 'string', pattern: '^[A-Za-z0-9_-]*$', maxLength: 16384 } as const;

/** An AuthenticationResponseJSON: a passkey's signed answer. */
export const assertionSchema = {
  type: 'object',
  required: ['id', 'rawId', 'type', 'response'],
  properties: {
    id: { ...b64url, minLength: 1, maxLength: 1366 },
    rawId: { ...b64url, minLength: 1, maxLength: 1366 },
    type: { const: 'public-key' },
    authenticatorAttachment: { type: 'string', maxLength: 40 },
    clientExtensionResults: { type: 'object' },
    response: {
      type: 'object',
      required: ['clientDataJSON', 'authenticatorData', 'signature'],
      properties: {
        clientDataJSON: b64url,
        authenticatorData: b64url,
        signature: b64url,
        userHandle: b64url,
      },
    },
  },
} as const;

/** A RegistrationResponseJSON: a new passkey's attestation. */
export const attestationSchema = {
  type: 'object',
  required: ['id', 'rawId', 'type', 'response'],
  properties: {
    id: { ...b64url, minLength: 1, maxLength: 1366 },
    rawId: { ...b64url, minLength: 1, maxLength: 1366 },
    type: { const: 'public-key' },
    authenticatorAttachment: { type: 'string', maxLength: 40 },
    clientExtensionResults: { type: 'object' },
    response: {
      type: 'object',
      required: ['clientDataJSON', 'attestationObject'],
      properties: {
        clientDataJSON: b64url,
        attestationObject: b64url,
        authenticatorData: b64url,
        transports: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 20 } },
        publicKeyAlgorithm: { type: 'integer' },
        publicKey: b64url,
      },
    },
  },
} as const;
