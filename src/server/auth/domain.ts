import type { DomainPlugin } from '../transactions/contracts';
import authRoutes from './routes';

/** Login, logout, the forgot flows and the session's own calls. */
export const authDomain: DomainPlugin = {
  name: 'auth',
  register: async (app) => {
    await app.register(authRoutes);
  },
};
