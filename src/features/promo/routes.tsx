import type { RouteObject } from 'react-router';

const pages = () => import('./promo-pages');

/** Promo codes: the programmes available and applied, one's detail, applying a code. */
export const promoRoutes: RouteObject[] = [
  {
    path: '/promocode/',
    lazy: async () => {
      const { PromoPage } = await pages();
      return { element: <PromoPage tab="available" /> };
    },
  },
  {
    path: '/promocode/available/',
    lazy: async () => {
      const { PromoPage } = await pages();
      return { element: <PromoPage tab="available" /> };
    },
  },
  {
    path: '/promocode/applied/',
    lazy: async () => {
      const { PromoPage } = await pages();
      return { element: <PromoPage tab="applied" /> };
    },
  },
];
