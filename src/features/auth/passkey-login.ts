// Sign in with a passkey, loaded on the customer's first move towards it (the login page's first load
// does not carry it): the server's request, the device's signed answer, the login's result.
import { apiPost } from '@/shared/api/client';
import { autofillSupported, deviceCancelled, signWithPasskey } from '@/shared/passkeys/sign';
import type { LoginResult } from './api';

const visitor = { auth: 'none' } as const;

/**
 * The login's result, or undefined when nothing is to be said: the device was cancelled, or (autofill)
 * the browser offers no passkeys in the field or the page is open under another name than the bank's.
 * A refusal is thrown (the page shows the catalogue's error), but never from the autofill.
 */
export async function passkeySignIn(fromAutofill: boolean): Promise<LoginResult | undefined> {
  try {
    if (fromAutofill && !(await autofillSupported())) return undefined;
    const { options } = await apiPost<{ options: Record<string, unknown> }>(
      '/api/v1/login/passkey/options',
      {},
      visitor,
    );
    if (fromAutofill && options.rpId !== location.hostname) return undefined;
    const response = await signWithPasskey(options, fromAutofill);
    return await apiPost<LoginResult>('/api/v1/login/passkey', { response }, visitor);
  } catch (err) {
    if (fromAutofill || deviceCancelled(err)) return undefined;
    throw err;
  }
}
