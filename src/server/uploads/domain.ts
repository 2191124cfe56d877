import type { DomainPlugin } from '../transactions/contracts';
import photoRoutes from './routes';

/** Photo uploads (a flow's photo field). */
export const uploadsDomain: DomainPlugin = {
  name: 'uploads',
  register: async (app) => {
    await app.register(photoRoutes);
  },
};
