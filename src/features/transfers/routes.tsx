import { Navigate, useLocation, type RouteObject } from 'react-router';

/**
 * The spec's single pages /mytransaction/delete-scheduled/ and edit-scheduled/ are flows of the
 * engine (form, verify, receipt under them): the spec's path opens the form, keeping its query
 * (?instruction=<id> from the list chooses the transfer).
 */
function ToFlowForm() {
  const { pathname, search } = useLocation();
  const base = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return <Navigate to={`${base}inquiry/${search}`} replace />;
}

/** The transfer area's bespoke pages (the transfers themselves are flows run by the engine). */
export const transferRoutes: RouteObject[] = [
  {
    path: '/mytransaction/',
    lazy: async () => ({ Component: (await import('./scheduled-page')).ScheduledPage }),
  },
  { path: '/mytransaction/delete-scheduled/', Component: ToFlowForm },
  { path: '/mytransaction/edit-scheduled/', Component: ToFlowForm },
  {
    path: '/transfer/transfer-category/',
    lazy: async () => ({ Component: (await import('./category-page')).CategoryPage }),
  },
  {
    path: '/transfer/manage-underlaying-document/',
    lazy: async () => ({ Component: (await import('./documents-page')).DocumentsPage }),
  },
];
