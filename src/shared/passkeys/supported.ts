/** The browser can use passkeys at all (a check small enough for any page's first load). */
export const passkeysSupported = () => typeof globalThis.PublicKeyCredential === 'function';
