import type { DomainPlugin } from '../transactions/contracts';
import recipientsRoutes from './routes';

/** Saved recipients. */
export const recipientsDomain: DomainPlugin = {
  name: 'recipients',
  register: async (app) => {
    await app.register(recipientsRoutes);
  },
};
