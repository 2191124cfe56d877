import type { DomainPlugin } from '../transactions/contracts';
import { goldQuoteLookup, goldTradeExecutor, registerGoldExecutor } from './gold-flows';
import goldRoutes from './routes';

/** Gold saving: its opening (with the e-KTP check), the price quoted, buying and selling. */
export const goldDomain: DomainPlugin = {
  name: 'gold',
  lookups: { 'gold.quote': goldQuoteLookup },
  serviceExecutors: { 'gold.register': registerGoldExecutor, 'gold.trade': goldTradeExecutor },
  register: async (app) => {
    await app.register(goldRoutes);
  },
};
