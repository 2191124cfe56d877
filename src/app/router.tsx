import { createBrowserRouter } from 'react-router';
import { authRoutes } from '@/features/auth/routes';
import { buildRoutes, SHELL_ROUTE_ID } from './routes';

const isLoginArea = (path: string) => /^\/(login|autotopup)(\/|$)/.test(path) || path === '/';

export function createAppRouter() {
  let loading: Promise<void> | null = null;
  return createBrowserRouter(buildRoutes(authRoutes), {
    // Fog of war: the authenticated routes arrive with their own chunk, once.
    async patchRoutesOnNavigation({ path, patch }) {
      if (isLoginArea(path)) return;
      loading ??= import('./authenticated-routes').then((m) => patch(SHELL_ROUTE_ID, m.shellChildren));
      await loading;
    },
  });
}
