import type { DomainPlugin } from '../transactions/contracts';
import { travelChoiceSources, travelExecutors, travelLookups, travelServiceExecutors } from './bookings';
import travelRoutes from './routes';

/** Travel: flights searched, held and booked (ticketed by the airline). */
export const travelDomain: DomainPlugin = {
  name: 'travel',
  lookups: travelLookups,
  executors: travelExecutors,
  serviceExecutors: travelServiceExecutors,
  choiceSources: travelChoiceSources,
  register: async (app) => {
    await app.register(travelRoutes, {});
  },
};
