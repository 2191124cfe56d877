import type { DomainPlugin } from '../transactions/contracts';
import dashboardRoutes from './routes';

/** The dashboard's portfolio and what the signed-in frame shows. */
export const dashboardDomain: DomainPlugin = {
  name: 'dashboard',
  register: async (app) => {
    await app.register(dashboardRoutes);
  },
};
