import { Navigate, type RouteObject } from 'react-router';

const pages = () => import('./poinxtra-pages');

/** Poin Xtra's own pages; redeem, transfer and mileage are flows (flows/poinxtra/): their bare paths open the form. */
export const poinXtraRoutes: RouteObject[] = [
  { path: '/poinxtra/', lazy: async () => ({ Component: (await pages()).PoinXtraPage }) },
  { path: '/poinxtra/summary/', lazy: async () => ({ Component: (await pages()).SummaryPage }) },
  { path: '/poinxtra/history/', lazy: async () => ({ Component: (await pages()).HistoryPage }) },
  {
    path: '/poinxtra/calculator/',
    lazy: async () => ({ Component: (await import('./calculator-page')).CalculatorPage }),
  },
  ...['redeem', 'transfer', 'mileage'].map((k) => ({
    path: `/poinxtra/${k}/`,
    element: <Navigate to={`/poinxtra/${k}/inquiry/`} replace />,
  })),
];
