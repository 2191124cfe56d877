import type { DomainPlugin } from '../transactions/contracts';
import devRoutes from './routes';

/** Demo mode's pages: the SMS and e-mail outboxes. */
export const devDomain: DomainPlugin = {
  name: 'dev',
  register: async (app) => {
    await app.register(devRoutes);
  },
};
