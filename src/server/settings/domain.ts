import type { DomainPlugin } from '../transactions/contracts';
import { bifastAliases, aliasServiceExecutors } from './bifast-alias';
import bifastAliasRoutes from './bifast-alias';
import { credentialServiceExecutors } from './credential-flows';
import { awaitingRaises, limitServiceExecutors } from './limit-raise-flow';
import { newBeneficiaryCap } from './new-beneficiary';
import { credentialLookups } from './new-phone-code';
import settingsRoutes from './routes';

/** Settings: credentials, limits (and their raises), BI-FAST aliases, the new-beneficiary cap. */
export const settingsDomain: DomainPlugin = {
  name: 'settings',
  lookups: credentialLookups,
  serviceExecutors: { ...limitServiceExecutors, ...credentialServiceExecutors, ...aliasServiceExecutors },
  choiceSources: { 'limits.awaitingRaises': awaitingRaises, 'bifast.aliases': bifastAliases },
  gates: { newBeneficiary: newBeneficiaryCap },
  register: async (app) => {
    await app.register(settingsRoutes);
    await app.register(bifastAliasRoutes);
  },
};
