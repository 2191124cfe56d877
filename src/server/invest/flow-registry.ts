import type { Executor, Lookup } from '../transactions/registry';
import { openAccountExecutor, openingLookup } from './openings';

/**
 * Apply & invest's named implementations for the flow engine (one line each in
 * src/server/transactions/registry.ts): look-ups that check an order against the catalogue, and the
 * executors that book it.
 */
export const investLookups = {
  'product.opening': openingLookup,
} satisfies Record<string, Lookup>;

export const investExecutors = {
  'account.open': openAccountExecutor,
} satisfies Record<string, Executor>;
