import type { DomainPlugin } from '../transactions/contracts';
import approvalsRoutes from './routes';
import deviceRoutes from './device-routes';

/** The companion app: its login, enrolment and the approvals it decides; its devices in Settings. */
export const approvalsDomain: DomainPlugin = {
  name: 'approvals',
  register: async (app) => {
    await app.register(approvalsRoutes);
    await app.register(deviceRoutes);
  },
};
