import type { i18n as I18n } from 'i18next';
// Built with its own copy of react-router (vite.config.ts, 'data-router-chunk'): this module is the
// only one that creates a data router, so the data router's code (createRouter: navigations, lazy
// routes, fog of war) loads with this chunk, after the visitor leaves the login area, and not with
// /login/. Everything else (RouterProvider, hooks, Link) comes from the one copy the whole app shares.
import { createBrowserRouter } from 'react-router';
import { authRoutes } from '@/features/auth/routes';
import { addStrings } from '@/shared/i18n/i18n';
// In the same chunk as this module (vite.config.ts, the `shell` group): the whole table is there when
// the router is made, so it matches and ranks it once, not a second time after patching it in.
import { shellChildrenFor, shellChildrenWith } from './authenticated-routes';
import { buildRoutes } from './routes';
import { lateStrings, loginPagesStrings } from './strings';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(i18n?: I18n): AppRouter {
  const publicReady = i18n && (() => addStrings(i18n, loginPagesStrings));
  return createBrowserRouter(
    buildRoutes(authRoutes, i18n ? shellChildrenFor(i18n) : shellChildrenWith(), publicReady),
  );
}

/**
 * The data router for the current URL, once its first page's routes and chunks are loaded, and the
 * strings every authenticated page speaks (the shell's, and the login pages' shell strings the
 * placeholders use) are added.
 */
export async function createReadyAppRouter(i18n?: I18n): Promise<AppRouter> {
  if (i18n) await Promise.all([addStrings(i18n, lateStrings), addStrings(i18n, loginPagesStrings)]);
  const router = createAppRouter(i18n);
  if (router.state.initialized) return router;
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve(router);
    });
  });
}
