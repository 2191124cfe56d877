// Loaded on the first navigation outside the login area, so the login page's chunks carry no
// dashboard, engine or RJSF code.
import { dashboardRoutes } from '@/features/dashboard/routes';
import { registrationAppRoutes } from '@/features/registration/app-routes';
import { flowMenuEntries, flowRoutes } from '@/engine/index';
import { authenticatedRoutes } from './routes';

export const shellChildren = authenticatedRoutes({
  dashboardRoutes,
  flowRoutes,
  registrationAppRoutes,
  flowMenuEntries,
});
