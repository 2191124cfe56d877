import type { FlowFile } from '../../shared/flows/types';
import { executors, type BookingContext, type Provider } from './registry';
import { serviceExecutors } from './service-executors';
import type { Queryable } from '../db/db';

/**
 * What a flow's executor does around its booking, whether the flow moves money (`posting.execute`,
 * registry.ts) or not (`service.execute`, service-executors.ts): the provider that answers it later,
 * and the step that completes it inside the booking's own database transaction.
 */

/** The provider that answers the flow's bookings (they are booked pending until it does), if any. */
export function providerOf(flow: FlowFile): Provider | undefined {
  if (flow.posting) return executors[flow.posting.execute as keyof typeof executors]?.provider;
  if (flow.service) return serviceExecutors[flow.service.execute as keyof typeof serviceExecutors]?.provider;
  return undefined;
}

export type BookingStep = (tx: Queryable, ctx: BookingContext) => Promise<Record<string, unknown>>;

/** The executor's step in the booking's transaction: a service flow's `apply`, or a money executor's. */
export function bookingStepOf(flow: FlowFile): BookingStep | undefined {
  if (flow.service) {
    const e = serviceExecutors[flow.service.execute as keyof typeof serviceExecutors];
    return e ? (tx, ctx) => e.apply(tx, ctx) : undefined;
  }
  const apply = flow.posting && executors[flow.posting.execute as keyof typeof executors]?.apply;
  return apply ? (tx, ctx) => apply(tx, ctx) : undefined;
}

/** The params the flow hands its executor. */
export const executorParamsOf = (flow: FlowFile): Record<string, unknown> =>
  flow.service?.params ?? flow.posting?.params ?? {};
