import type { RouteObject } from 'react-router';
import type { ForgotType } from './api';
import { FORGOT_SEGMENTS } from './forgot/segments';
import { LoginPage } from './login-page';

// Only the login page itself is in the first chunk; the rest of the login area loads when visited.
const forgotPages = () => import('./forgot/forgot-pages');
const infoPages = () => import('./pages/info-pages');

const forgotRoutes: RouteObject[] = (Object.entries(FORGOT_SEGMENTS) as [ForgotType, string][]).flatMap(
  ([type, segment]) => [
    {
      path: `/login/${segment}/`,
      lazy: async () => {
        const { ForgotBasePage, FORGOT } = await forgotPages();
        return { element: <ForgotBasePage config={FORGOT[type]} /> };
      },
    },
    {
      path: `/login/${segment}/credentials/`,
      lazy: async () => {
        const { ForgotCredentialsPage, FORGOT } = await forgotPages();
        return { element: <ForgotCredentialsPage config={FORGOT[type]} /> };
      },
    },
    {
      path: `/login/${segment}/otp/`,
      lazy: async () => {
        const { ForgotOtpPage, FORGOT } = await forgotPages();
        return { element: <ForgotOtpPage config={FORGOT[type]} /> };
      },
    },
  ],
);

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
