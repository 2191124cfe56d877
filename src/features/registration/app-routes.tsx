import type { RouteObject } from 'react-router';
import { ErrorProvider } from '../../shared/ui';
import { registrationScreens, RegistrationConfigScope } from './routes';

/** The internet-banking app's /register/ screens (same components as the microsite, the main app's rules). */
export const registrationAppRoutes: RouteObject[] = [
  {
    path: 'register',
    element: (
      <ErrorProvider>
        <RegistrationConfigScope config={{ reading: 'app', prefix: '/register' }} />
      </ErrorProvider>
    ),
    children: registrationScreens(),
  },
];
