import type { DomainPlugin } from '../transactions/contracts';
import voucherRoutes from './routes';

/** Vouchers. */
export const vouchersDomain: DomainPlugin = {
  name: 'vouchers',
  register: async (app) => {
    await app.register(voucherRoutes);
  },
};
