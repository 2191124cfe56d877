import type { DomainPlugin } from '../transactions/contracts';
import smsRoutes from './routes';

/** The SMS gateway's routes (the development outbox is under dev). */
export const smsDomain: DomainPlugin = {
  name: 'sms',
  register: async (app) => {
    await app.register(smsRoutes);
  },
};
