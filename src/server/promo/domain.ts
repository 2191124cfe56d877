import type { DomainPlugin } from '../transactions/contracts';
import promoRoutes from './routes';

/** Promo codes and their programmes. */
export const promoDomain: DomainPlugin = {
  name: 'promo',
  register: async (app) => {
    await app.register(promoRoutes, {});
  },
};
