import type { FlowFile } from '../../shared/flows/types';
import { executors } from './registry';
import type { Provider } from './contracts';
import { serviceExecutors } from './service-executors';

/**
 * The provider of a flow's booking, whether the flow moves money (`posting.execute`, registry.ts) or
 * not (`service.execute`, service-executors.ts), and the params it is handed.
 */

/** The provider that answers the flow's bookings (they are booked pending until it does), if any. */
export function providerOf(flow: FlowFile): Provider | undefined {
  if (flow.posting) return executors[flow.posting.execute as keyof typeof executors]?.provider;
  if (flow.service) return serviceExecutors[flow.service.execute as keyof typeof serviceExecutors]?.provider;
  return undefined;
}

/** The params the flow hands its provider. */
export const executorParamsOf = (flow: FlowFile): Record<string, unknown> =>
  flow.service?.params ?? flow.posting?.params ?? {};
