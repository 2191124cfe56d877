import type { DomainPlugin } from '../transactions/contracts';
import searchRoutes from './routes';

/** The header's search over menus, flows and billers. */
export const searchDomain: DomainPlugin = {
  name: 'search',
  register: async (app) => {
    await app.register(searchRoutes);
  },
};
