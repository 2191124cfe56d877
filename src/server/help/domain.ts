import type { DomainPlugin } from '../transactions/contracts';
import helpRoutes from './routes';

/** Help pages' questions to the bank. */
export const helpDomain: DomainPlugin = {
  name: 'help',
  register: async (app) => {
    await app.register(helpRoutes);
  },
};
