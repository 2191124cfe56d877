import type { DomainPlugin } from '../transactions/contracts';
import batchRoutes from './routes';

/** Mass transfer, mass payment and mass purchase. */
export const batchesDomain: DomainPlugin = {
  name: 'batches',
  register: async (app) => {
    await app.register(batchRoutes);
  },
};
