import type { DomainPlugin } from '../transactions/contracts';
import chatRoutes from './routes';

/** The help chat. */
export const chatDomain: DomainPlugin = {
  name: 'chat',
  register: async (app) => {
    await app.register(chatRoutes);
  },
};
