import type { DomainPlugin } from '../transactions/contracts';
import autoTopUpRoutes from './routes';
import { autoTopUpServiceExecutors } from './service-executors';

/** E-wallet auto top-up: linked wallets topped up when low, looked for every `schedulerIntervalMs`. */
export const autoTopUpDomain: DomainPlugin = {
  name: 'autotopup',
  serviceExecutors: autoTopUpServiceExecutors,
  register: async (app, opts) => {
    await app.register(autoTopUpRoutes, { intervalMs: opts.schedulerIntervalMs });
  },
};
