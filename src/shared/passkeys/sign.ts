// The browser's side of passkeys, over @simplewebauthn/browser, loaded only when a passkey is used:
// the login page's first paint, and every page without a passkey, do not pay for it.

type Json = Record<string, unknown>;

/** Signs a request (WebAuthn request options as JSON); the signed answer as JSON. `autofill`: conditional UI. */
export async function signWithPasskey(options: Json, autofill = false): Promise<unknown> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON: options as never, useBrowserAutofill: autofill });
}

/** Creates a passkey (WebAuthn creation options as JSON); the attestation as JSON. */
export async function createPasskey(options: Json): Promise<unknown> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({ optionsJSON: options as never });
}

/** The browser offers passkeys in the user id field's autofill (conditional mediation). */
export async function autofillSupported(): Promise<boolean> {
  const pkc = globalThis.PublicKeyCredential as
    (typeof PublicKeyCredential & { isConditionalMediationAvailable?: () => Promise<boolean> }) | undefined;
  if (!pkc?.isConditionalMediationAvailable) return false;
  try {
    return await pkc.isConditionalMediationAvailable();
  } catch {
    return false;
  }
}

export { passkeysSupported } from './supported';

/** The device's own refusal or cancel (not the bank's): the customer may simply try again. */
export function deviceCancelled(err: unknown): boolean {
  const name = (err as { name?: string; code?: string } | undefined)?.name ?? '';
  return name === 'NotAllowedError' || name === 'AbortError' || name === 'WebAuthnError';
}
