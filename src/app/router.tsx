import type { i18n as I18n } from 'i18next';
// Built with its own copy of react-router (vite.config.ts, 'data-router-chunk'): this module is the
// only one that creates a data router, so the data router's code (createRouter: navigations, lazy
// routes, fog of war) loads with this chunk, after the visitor leaves the login area, and not with
// /login/. Everything else (RouterProvider, hooks, Link) comes from the one copy the whole app shares.
import { createBrowserRouter } from 'react-router';
import { authRoutes } from '@/features/auth/routes';
import { addStrings } from '@/shared/i18n/i18n';
import { isLoginArea } from '@/shared/login-area';
import { buildRoutes, SHELL_ROUTE_ID } from './routes';
import { lateStrings, loginPagesStrings } from './strings';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(i18n?: I18n): AppRouter {
  let loading: Promise<void> | null = null;
  const publicReady = i18n && (() => addStrings(i18n, loginPagesStrings));
  return createBrowserRouter(buildRoutes(authRoutes, [], publicReady), {
    // Fog of war: the authenticated routes and their strings arrive with their own chunks, once,
    // before any of their pages renders.
    async patchRoutesOnNavigation({ path, patch }) {
      if (isLoginArea(path)) return;
      loading ??= Promise.all([
        import('./authenticated-routes'),
        i18n ? addStrings(i18n, lateStrings) : undefined,
        // the authenticated placeholders speak the login pages' shell strings too
        i18n ? addStrings(i18n, loginPagesStrings) : undefined,
      ]).then(([routes]) =>
        patch(SHELL_ROUTE_ID, i18n ? routes.shellChildrenFor(i18n) : routes.shellChildrenWith()),
      );
      await loading;
    },
  });
}

/** The data router for the current URL, once its first page's routes and chunks are loaded. */
export function createReadyAppRouter(i18n?: I18n): Promise<AppRouter> {
  const router = createAppRouter(i18n);
  if (router.state.initialized) return Promise.resolve(router);
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve(router);
    });
  });
}
