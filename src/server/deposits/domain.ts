import type { DomainPlugin } from '../transactions/contracts';
import { depositServiceExecutors } from './service-executors';

/** Time deposits: the roll-over instruction changed. */
export const depositsDomain: DomainPlugin = {
  name: 'deposits',
  serviceExecutors: depositServiceExecutors,
};
