import type { DomainPlugin } from '../transactions/contracts';
import { bondChoices, bondOrderLookup } from './bond-orders';
import { buyBondExecutor, placeBondOrder, sellBondExecutor } from './bond-executors';
import { redeemExecutor, switchExecutor } from './fund-executors';
import { placeFundOrder, subscribeExecutor } from './fund-subscription';
import { fundChoices, fundOrderLookup } from './fund-orders';
import { investGates } from './gates';
import { openAccountExecutor, openingLookup } from './openings';
import investRoutes from './routes';
import { investChoiceSources, investServiceExecutors } from './service-executors';

/**
 * Apply & invest: products opened and applied for, mutual fund and bond orders checked against the
 * catalogue and booked (settled by the fund manager or the issuer), the investment gates, and the
 * daily NAV (none when the app's settlement checks are off).
 */
export const investDomain: DomainPlugin = {
  name: 'invest',
  lookups: { 'product.opening': openingLookup, 'fund.order': fundOrderLookup, 'bond.order': bondOrderLookup },
  executors: { 'fund.subscribe': subscribeExecutor, 'bond.buy': buyBondExecutor },
  serviceExecutors: {
    ...investServiceExecutors,
    'fund.redeem': redeemExecutor,
    'fund.switch': switchExecutor,
    'bond.sell': sellBondExecutor,
    'account.open': openAccountExecutor,
    'fund.placeOrder': placeFundOrder,
    'bond.placeOrder': placeBondOrder,
  },
  choiceSources: { ...investChoiceSources, 'invest.funds': fundChoices, 'invest.bonds': bondChoices },
  gates: investGates,
  register: async (app, opts) => {
    await app.register(investRoutes, { navIntervalMs: opts.settlementIntervalMs === 0 ? 0 : undefined });
  },
};
