import type { DomainPlugin } from '../transactions/contracts';
import referenceRoutes from './routes';

/** Reference lists and providers, as the pages read them. */
export const referenceDomain: DomainPlugin = {
  name: 'reference',
  register: async (app) => {
    await app.register(referenceRoutes);
  },
};
