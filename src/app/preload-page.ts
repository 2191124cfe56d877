import type { i18n as I18n } from 'i18next';
import type { RouteObject } from 'react-router';
import { matchBySegment } from './match-by-segment';

/** What a route's `handle` may name besides its `lazy` module: more it will ask for once it renders. */
export interface PreloadHandle {
  /** `i18n`: the app's, for what comes per language (strings). */
  preload?: (i18n: I18n) => unknown;
}

/**
 * Starts loading what the page at `path` is made of (each matching route's `lazy` module, and what its
 * handle's `preload` names) at once, so the page's chunks come down beside the router's instead of a
 * wave after each render (on a phone's 150 ms round trips, five waves were ~1 s of the first paint).
 * The router asks for the same modules later and gets them from the module cache; a failure here is
 * left for the router to meet and report.
 */
export function preloadPage(routes: RouteObject[], path: string, i18n: I18n): void {
  for (const { route } of matchBySegment(routes, path) ?? []) {
    if (typeof route.lazy === 'function') void Promise.resolve(route.lazy()).catch(() => undefined);
    const preload = (route.handle as PreloadHandle | undefined)?.preload;
    if (preload)
      void Promise.resolve(i18n)
        .then(preload)
        .catch(() => undefined);
  }
}
