import type { DomainPlugin } from '../transactions/contracts';
import myBusinessRoutes from './routes';

/** My business: a merchant's sales and reports. */
export const myBusinessDomain: DomainPlugin = {
  name: 'mybusiness',
  register: async (app) => {
    await app.register(myBusinessRoutes);
  },
};
