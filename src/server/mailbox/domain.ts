import type { DomainPlugin } from '../transactions/contracts';
import mailboxRoutes from './routes';

/** The customer's mailbox. */
export const mailboxDomain: DomainPlugin = {
  name: 'mailbox',
  register: async (app) => {
    await app.register(mailboxRoutes);
  },
};
