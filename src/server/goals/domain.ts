import type { DomainPlugin } from '../transactions/contracts';
import goalRoutes from './routes';
import { activeGoals, goalServiceExecutors } from './service-executors';

/** Saving goals: created, edited, and the customer's active ones. */
export const goalsDomain: DomainPlugin = {
  name: 'goals',
  serviceExecutors: goalServiceExecutors,
  choiceSources: { 'goals.active': activeGoals },
  register: async (app) => {
    await app.register(goalRoutes);
  },
};
