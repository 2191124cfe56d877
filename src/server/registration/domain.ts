import type { DomainPlugin } from '../transactions/contracts';
import registrationRoutes from './routes';

/** The registration microsite: a holder creates a login, activates a card, changes its PIN. */
export const registrationDomain: DomainPlugin = {
  name: 'registration',
  register: async (app) => {
    await app.register(registrationRoutes);
  },
};
