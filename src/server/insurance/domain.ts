import type { DomainPlugin } from '../transactions/contracts';
import { issuePolicy } from './service-executors';

/** Insurance bought through a flow: the policy issued when its premium is paid. */
export const insuranceDomain: DomainPlugin = {
  name: 'insurance',
  serviceExecutors: { 'insurance.issuePolicy': issuePolicy },
};
