import { isLoginArea } from './login-area';

/**
 * A signed-in page's chunks, named in its HTML (`<link rel="modulepreload">`) so a phone fetches them
 * beside the app's entry instead of a round trip (or three, on a flow's page) after it (issue 20).
 * Written after the main app's build (scripts/page-preloads.ts) into the built app's folder; read by
 * the server (static-apps.ts).
 */
export const PAGE_PRELOADS_FILE = '.vite/page-preloads.json';

export type PreloadLang = 'en' | 'id';

export interface PagePreloads {
  /** What every page outside the login area loads (the shell chunk). */
  signedIn: string[];
  /** And its strings, in each language (src/app/strings.ts: the signed-in pages' group). */
  signedInStrings: Record<PreloadLang, string[]>;
  /** What a transaction page loads besides (the flow-page chunk). */
  flowPage: string[];
  /** A bespoke page's own chunks in each language: its code and its strings (the dashboard's: src/app/area-strings.ts). */
  pageChunks?: Record<string, Record<PreloadLang, string[]>>;
  /** Each flow page's own ("/payment/bpjs/inquiry/"): its route's flow files (with their strings) and form; on a verify or receipt page also those pages' chunk. */
  flowPages: Record<string, string[]>;
}

/** The chunks to name for `pathname` in `lang`; none in the login area, which the visitor router serves alone. */
export function preloadsFor(preloads: PagePreloads, pathname: string, lang: PreloadLang): string[] {
  if (isLoginArea(pathname)) return [];
  const own = preloads.pageChunks && Object.hasOwn(preloads.pageChunks, pathname);
  const page = [
    ...preloads.signedIn,
    ...preloads.signedInStrings[lang],
    ...(own ? preloads.pageChunks![pathname]![lang] : []),
  ];
  const flow = Object.hasOwn(preloads.flowPages, pathname) ? preloads.flowPages[pathname] : undefined;
  // once each: a group names the shared chunks it imports, which another group may import too
  return [...new Set(flow ? [...page, ...preloads.flowPage, ...flow] : page)];
}

/** The links, as the page's `<head>` carries them (crossorigin, as the build's own module scripts). */
export const modulePreloadLinks = (hrefs: readonly string[]): string =>
  hrefs.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
