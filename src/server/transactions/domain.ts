import type { DomainPlugin } from './contracts';
import { builtInChoiceSources, builtInExecutors, builtInLookups } from './built-ins';
import { coreGates } from './gates';
import transactionsRoutes from './routes';
import { coreServiceExecutors } from './service-executors';

/**
 * The transaction core as the composition root lists it: the flow language's own implementations
 * (built-ins.ts, service-executors.ts, the core's gates) and the flow engine's HTTP API with its
 * settlement of held payments.
 */
export const transactionsDomain: DomainPlugin = {
  name: 'transactions',
  lookups: builtInLookups,
  executors: builtInExecutors,
  serviceExecutors: coreServiceExecutors,
  choiceSources: builtInChoiceSources,
  gates: coreGates,
  register: async (app, opts) => {
    await app.register(transactionsRoutes, { settlementIntervalMs: opts.settlementIntervalMs });
  },
};
