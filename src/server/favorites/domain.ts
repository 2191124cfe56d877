import type { DomainPlugin } from '../transactions/contracts';
import favoritesRoutes from './routes';

/** Saved transactions (favourites). */
export const favoritesDomain: DomainPlugin = {
  name: 'favorites',
  register: async (app) => {
    await app.register(favoritesRoutes);
  },
};
