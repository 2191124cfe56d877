import type { Executor, Lookup } from '../transactions/contracts';
import type { ServiceExecutor } from '../transactions/contracts';
import type { ChoiceSource } from '../transactions/contracts';
import { openAccountExecutor, openingLookup } from './openings';
import { fundChoices, fundOrderLookup } from './fund-orders';
import { placeFundOrder, redeemExecutor, subscribeExecutor, switchExecutor } from './fund-executors';
import {
  bondChoices,
  bondOrderLookup,
  buyBondExecutor,
  placeBondOrder,
  sellBondExecutor,
} from './bond-orders';
import { goldQuoteLookup, goldTradeExecutor, registerGoldExecutor } from '../gold/gold-flows';

/**
 * Apply & invest's (and gold saving's) named implementations for the flow engine (one line each in
 * src/server/transactions/registry.ts): look-ups that check an order against the catalogue, and the
 * executors that book it.
 */
export const investLookups = {
  'product.opening': openingLookup,
  'fund.order': fundOrderLookup,
  'bond.order': bondOrderLookup,
  'gold.quote': goldQuoteLookup,
} satisfies Record<string, Lookup>;

export const investExecutors = {
  'fund.subscribe': subscribeExecutor,
  'bond.buy': buyBondExecutor,
} satisfies Record<string, Executor>;

export const investOrderServiceExecutors = {
  'fund.redeem': redeemExecutor,
  'fund.switch': switchExecutor,
  'bond.sell': sellBondExecutor,
  'gold.register': registerGoldExecutor,
  'account.open': openAccountExecutor,
  'fund.placeOrder': placeFundOrder,
  'bond.placeOrder': placeBondOrder,
  'gold.trade': goldTradeExecutor,
} satisfies Record<string, ServiceExecutor>;

export const investOrderChoiceSources = {
  'invest.funds': fundChoices,
  'invest.bonds': bondChoices,
} satisfies Record<string, ChoiceSource>;
