import { Outlet, type RouteObject } from 'react-router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { theme, ErrorProvider } from '../shared/ui';
import { RegistrationHeader } from '../features/registration/header';
import { registrationScreens, RegistrationConfigScope } from '../features/registration/routes';

function MicrositeLayout() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ErrorProvider>
        <RegistrationHeader />
        <Outlet />
      </ErrorProvider>
    </ThemeProvider>
  );
}

/**
 * The microsite at /register (router basename): '/register' and '/register/' are the registration
 * base; the screens use the spec's route names; the microsite's reading of the rules applies.
 */
export const micrositeRoutes: RouteObject[] = [
  {
    path: '/',
    element: <MicrositeLayout />,
    children: [
      {
        element: <RegistrationConfigScope config={{ reading: 'microsite', prefix: '' }} />,
        children: registrationScreens(),
      },
    ],
  },
];
