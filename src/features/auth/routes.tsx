import type { RouteObject } from 'react-router';
import { FORGOT } from './forgot/config';
import { LoginPage } from './login-page';

// Only the login page itself is in the first chunk; the rest of the login area loads when visited.
const forgotPages = () => import('./forgot/forgot-pages');
const infoPages = () => import('./pages/info-pages');

const forgotRoutes: RouteObject[] = Object.values(FORGOT).flatMap((config) => [
  {
    path: `/login/${config.segment}/`,
    lazy: async () => {
      const { ForgotBasePage } = await forgotPages();
      return { element: <ForgotBasePage config={config} /> };
    },
  },
  {
    path: `/login/${config.segment}/credentials/`,
    lazy: async () => {
      const { ForgotCredentialsPage } = await forgotPages();
      return { element: <ForgotCredentialsPage config={config} /> };
    },
  },
  {
    path: `/login/${config.segment}/otp/`,
    lazy: async () => {
      const { ForgotOtpPage } = await forgotPages();
      return { element: <ForgotOtpPage config={config} /> };
    },
  },
]);

const challenge =
  (type: 'fds' | 'bds'): RouteObject['lazy'] =>
  async () => {
    const { ChallengePage } = await import('./challenge-page');
    return { element: <ChallengePage type={type} /> };
  };

/** The public login area (spec 2, "Login area"); the app shell mounts these outside the authenticated layout. */
export const authRoutes: RouteObject[] = [
  { path: '/login/', element: <LoginPage /> },
  ...forgotRoutes,
  { path: '/login/fdschallenge/', lazy: challenge('fds') },
  { path: '/login/bdschallenge/', lazy: challenge('bds') },
  { path: '/login/termandconditions/', lazy: async () => ({ Component: (await infoPages()).TermsPage }) },
  { path: '/login/tutorial-demo/', lazy: async () => ({ Component: (await infoPages()).TutorialPage }) },
  { path: '/login/contactus/', lazy: async () => ({ Component: (await infoPages()).ContactPage }) },
  { path: '/login/faq/', lazy: async () => ({ Component: (await infoPages()).FaqPage }) },
];
