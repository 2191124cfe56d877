import type { DomainPlugin } from '../transactions/contracts';
import mainAccountsRoutes from './routes';

/** The customer's main accounts (default source and receiving accounts). */
export const mainAccountsDomain: DomainPlugin = {
  name: 'main-accounts',
  register: async (app) => {
    await app.register(mainAccountsRoutes);
  },
};
