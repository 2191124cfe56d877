import type { DomainPlugin } from '../transactions/contracts';
import approvalsRoutes from './routes';

/** The companion app: its login, enrolment and the approvals it decides. */
export const approvalsDomain: DomainPlugin = {
  name: 'approvals',
  register: async (app) => {
    await app.register(approvalsRoutes);
  },
};
