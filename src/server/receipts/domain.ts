import type { DomainPlugin } from '../transactions/contracts';
import receiptRoutes from './routes';

/** Receipts and their PDF. */
export const receiptsDomain: DomainPlugin = {
  name: 'receipts',
  register: async (app) => {
    await app.register(receiptRoutes);
  },
};
