import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { ReactNode } from 'react';

/**
 * The page's CSP nonce, which the server writes per response into `<meta property="csp-nonce">`
 * (vite.config.ts `html.cspNonce`, src/server/http/static-apps.ts). Read from the element's `nonce`
 * property: browsers hide the attribute's value from scripts once a CSP applies.
 */
export function pageCspNonce(doc: Document | undefined = globalThis.document): string | undefined {
  const meta = doc?.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.getAttribute('nonce') || undefined;
}

let cache: EmotionCache | undefined;

/**
 * MUI's styles through an emotion cache that writes every style element with the page's nonce, so
 * the CSP needs no 'unsafe-inline' for styles. Without a nonce (tests, Storybook, `vite` dev) emotion
 * writes them as before.
 */
export function StyleCacheProvider({ children }: { children: ReactNode }) {
  cache ??= createCache({ key: 'css', nonce: pageCspNonce() });
  return <CacheProvider value={cache}>{children}</CacheProvider>;
}
