import type { ServiceExecutor } from '../transactions/contracts';
import { convertInstalment } from './card-instalments';
import { increaseLimit } from './card-limits';
import { setControl } from './card-controls';

/**
 * Credit card services as flows: convert a purchase to instalments, increase the credit limit, the card's
 * controls (online, overseas, daily limit). Every refusal is the spec's apierror in both languages on the
 * field, and nothing is written.
 */

export const creditCardServiceExecutors = {
  'card.convertInstalment': convertInstalment,
  'card.increaseLimit': increaseLimit,
  'card.setControl': setControl,
} satisfies Record<string, ServiceExecutor>;
