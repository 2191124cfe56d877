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

/**
 * The provider that answers this booking, by what it books (`details`): the flow's, unless its
 * executor says this one needs no answer (Executor.holds). The booking is held (pending) only then.
 */
export function providerFor(
  registry: ServerRegistry,
  flow: FlowFile,
  details: Record<string, unknown>,
): Provider | undefined {
  const provider = providerOf(registry, flow);
  if (!provider || !flow.posting) return provider;
  const holds = registry.executors[flow.posting.execute as keyof ServerRegistry['executors']]?.holds;
  return !holds || holds(details) ? provider : undefined;
}

/** The params the flow hands its provider. */
export const executorParamsOf = (flow: FlowFile): Record<string, unknown> =>
  flow.service?.params ?? flow.posting?.params ?? {};
