import type { DomainPlugin } from '../transactions/contracts';
import { billerChoiceSources, billerExecutors, billerLookups } from './payments';
import billerRoutes from './routes';

/** Billers and mobile operators: bills and answers at inquiry, payments and top-ups, the operators' lists. */
export const billersDomain: DomainPlugin = {
  name: 'billers',
  lookups: billerLookups,
  executors: billerExecutors,
  choiceSources: billerChoiceSources,
  register: async (app) => {
    await app.register(billerRoutes);
  },
};
