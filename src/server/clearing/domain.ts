import type { DomainPlugin } from '../transactions/contracts';
import { clearingChoiceSources, clearingExecutors, clearingLookups } from './registry';

/** Interbank transfers through the clearing house (online, BI-FAST, SKN, RTGS). */
export const clearingDomain: DomainPlugin = {
  name: 'clearing',
  lookups: clearingLookups,
  executors: clearingExecutors,
  choiceSources: clearingChoiceSources,
};
