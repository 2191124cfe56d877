import type { DomainPlugin } from '../transactions/contracts';
import { insurancePolicies, insuranceServiceExecutors } from './insurance-flows';
import myAccountRoutes from './routes';

/** My account: accounts, cards, loans and policies, and the requests made on a policy. */
export const myAccountDomain: DomainPlugin = {
  name: 'myaccount',
  serviceExecutors: insuranceServiceExecutors,
  choiceSources: { 'insurance.policies': insurancePolicies },
  register: async (app) => {
    await app.register(myAccountRoutes);
  },
};
