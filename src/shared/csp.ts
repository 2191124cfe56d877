/**
 * What the built pages carry where the response's CSP nonce goes (vite.config.ts `html.cspNonce`
 * writes it into `<meta property="csp-nonce">` and the script and style tags); the server replaces
 * it per response (src/server/http/static-apps.ts). Letters and underscores only, so it can never
 * be mistaken for part of the page's markup.
 */
export const CSP_NONCE_PLACEHOLDER = 'CSP_NONCE_PLACEHOLDER_a3f1';
