import { isLoginArea } from './login-area';

/**
 * A signed-in page's chunks, named in its HTML (`<link rel="modulepreload">`) so a phone fetches them
 * beside the app's entry instead of a round trip after it (issue 20). Written by the main app's build
 * (vite.config.ts, page-preloads) into the built app's folder; read by the server (static-apps.ts).
 */
export const PAGE_PRELOADS_FILE = '.vite/page-preloads.json';

export interface PagePreloads {
  /** What every page outside the login area loads (the shell chunk). */
  signedIn: string[];
  /** What a transaction page loads besides (the flow-page chunk). */
  flowPage: string[];
  /** The paths of every flow's pages ("/payment/bpjs/inquiry/"). */
  flowPagePaths: string[];
}

/** The chunks to name for `pathname`; none in the login area, which the visitor router serves alone. */
export function preloadsFor(
  preloads: PagePreloads,
  flowPagePaths: ReadonlySet<string>,
  pathname: string,
): string[] {
  if (isLoginArea(pathname)) return [];
  return flowPagePaths.has(pathname) ? [...preloads.signedIn, ...preloads.flowPage] : preloads.signedIn;
}

/** The links, as the page's `<head>` carries them (crossorigin, as the build's own module scripts). */
export const modulePreloadLinks = (hrefs: readonly string[]): string =>
  hrefs.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
