import type { RouteObject } from 'react-router';
import { CART_PATH } from '@/shared/cart/cart-api';

/** The cart's page, loaded on demand inside the authenticated shell. */
export const cartRoutes: RouteObject[] = [
  { path: CART_PATH, lazy: async () => ({ Component: (await import('./cart-page')).CartPage }) },
];
