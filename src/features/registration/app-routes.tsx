import { Navigate, type RouteObject } from 'react-router';
import { ErrorProvider } from '../../shared/ui';
import { RegistrationConfigScope } from './config-scope';
import { REGISTRATION_SCREEN_PATHS } from './screen-paths';

/**
 * The internet-banking app's /register/ screens (same components as the microsite, the main app's
 * rules). Their code (screens, schemas) loads when one opens, not with every authenticated page.
 */
export const registrationAppRoutes: RouteObject[] = [
  {
    path: 'register',
    element: (
      <ErrorProvider>
        <RegistrationConfigScope config={{ reading: 'app', prefix: '/register' }} />
      </ErrorProvider>
    ),
    children: [
      ...REGISTRATION_SCREEN_PATHS.map((path) => ({
        ...(path ? { path } : { index: true as const }),
        lazy: async () => {
          const { REGISTRATION_SCREENS } = await import('./routes');
          return { element: REGISTRATION_SCREENS[path]() };
        },
      })),
      { path: '*', element: <Navigate to=".." replace /> },
    ],
  },
];
