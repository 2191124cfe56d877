import type { DomainPlugin } from '../transactions/contracts';
import { creditCardServiceExecutors } from './card-services';
import { instalmentablePurchases } from './card-instalments';
import { pinServiceExecutors } from './change-pin';
import { debitCardChoices, debitCardServiceExecutors } from './debit-cards';
import cardRoutes from './routes';
import { cardServiceExecutors } from './service-executors';

/** Credit and debit cards: status, activation, instalments, limits, controls, links and PINs. */
export const cardsDomain: DomainPlugin = {
  name: 'cards',
  serviceExecutors: {
    ...cardServiceExecutors,
    ...creditCardServiceExecutors,
    ...debitCardServiceExecutors,
    ...pinServiceExecutors,
  },
  choiceSources: { 'cards.purchases': instalmentablePurchases, debitcards: debitCardChoices },
  register: async (app) => {
    await app.register(cardRoutes);
  },
};
