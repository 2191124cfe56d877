import type { DomainPlugin } from '../transactions/contracts';
import poinXtraRoutes from './routes';
import { cardTransactions, poinServiceExecutors } from './service-executors';

/** Poin Xtra: points redeemed, transferred and turned into miles. */
export const poinXtraDomain: DomainPlugin = {
  name: 'poinxtra',
  serviceExecutors: poinServiceExecutors,
  choiceSources: { 'poinxtra.cardTransactions': cardTransactions },
  register: async (app) => {
    await app.register(poinXtraRoutes);
  },
};
