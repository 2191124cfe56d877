import type { i18n as I18n } from 'i18next';
import { createBrowserRouter } from 'react-router';
import { authRoutes } from '@/features/auth/routes';
import { addResources } from '@/shared/i18n/i18n';
import { buildRoutes, SHELL_ROUTE_ID } from './routes';

const isLoginArea = (path: string) => /^\/(login|autotopup)(\/|$)/.test(path) || path === '/';

export function createAppRouter(i18n?: I18n) {
  let loading: Promise<void> | null = null;
  return createBrowserRouter(buildRoutes(authRoutes), {
    // Fog of war: the authenticated routes and their strings arrive with their own chunks, once,
    // before any of their pages renders.
    async patchRoutesOnNavigation({ path, patch }) {
      if (isLoginArea(path)) return;
      loading ??= Promise.all([import('./authenticated-routes'), import('./late-resources')]).then(
        ([routes, strings]) => {
          if (i18n) addResources(i18n, strings.lateResources);
          patch(SHELL_ROUTE_ID, routes.shellChildren);
        },
      );
      await loading;
    },
  });
}
