import type { DomainPlugin } from '../transactions/contracts';
import cartRoutes from './routes';

/** The cart: several transactions verified once and posted each on its own. */
export const cartDomain: DomainPlugin = {
  name: 'cart',
  register: async (app) => {
    await app.register(cartRoutes);
  },
};
