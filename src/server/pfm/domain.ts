import type { DomainPlugin } from '../transactions/contracts';
import pfmRoutes from './routes';

/** Personal finance: spending analysis and wealth. */
export const pfmDomain: DomainPlugin = {
  name: 'pfm',
  register: async (app) => {
    await app.register(pfmRoutes);
  },
};
