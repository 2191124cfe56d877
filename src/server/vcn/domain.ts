import type { DomainPlugin } from '../transactions/contracts';
import vcnRoutes from './routes';
import { vcnServiceExecutors } from './service-executors';

/** Virtual card numbers: issued once, kept only as keyed hashes. */
export const vcnDomain: DomainPlugin = {
  name: 'vcn',
  serviceExecutors: vcnServiceExecutors,
  register: async (app) => {
    await app.register(vcnRoutes);
  },
};
