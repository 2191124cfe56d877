import type { FlowFile } from '../../shared/flows/types';
import type { Provider, ServerRegistry } from './contracts';

/**
 * The provider of a flow's booking, whether the flow moves money (`posting.execute`) or not
 * (`service.execute`), in the composed registry, and the params it is handed.
 */

/** The provider that answers the flow's bookings (they are booked pending until it does), if any. */
export function providerOf(registry: ServerRegistry, flow: FlowFile): Provider | undefined {
  const { executors, serviceExecutors } = registry;
  if (flow.posting) return executors[flow.posting.execute as keyof typeof executors]?.provider;
  if (flow.service) return serviceExecutors[flow.service.execute as keyof typeof serviceExecutors]?.provider;
  return undefined;
}

/** The params the flow hands its provider. */
export const executorParamsOf = (flow: FlowFile): Record<string, unknown> =>
  flow.service?.params ?? flow.posting?.params ?? {};
