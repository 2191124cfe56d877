import type { RouteObject } from 'react-router';

/** /gold-saving/: price, holdings and pickups. Register, buy and sell are flows (the engine's). */
export const goldRoutes: RouteObject[] = [
  { path: '/gold-saving/', lazy: async () => ({ Component: (await import('./gold-page')).GoldSavingPage }) },
];
