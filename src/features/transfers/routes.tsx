import type { RouteObject } from 'react-router';

/** The transfer area's bespoke pages (the transfers themselves are flows run by the engine). */
export const transferRoutes: RouteObject[] = [
  {
    path: '/mytransaction/',
    lazy: async () => ({ Component: (await import('./scheduled-page')).ScheduledPage }),
  },
  {
    path: '/transfer/manage-underlaying-document/',
    lazy: async () => ({ Component: (await import('./documents-page')).DocumentsPage }),
  },
];
