import type { RouteObject } from 'react-router';
import { ChallengePage } from './challenge-page';
import { FORGOT } from './forgot/config';
import { ForgotBasePage, ForgotCredentialsPage, ForgotOtpPage } from './forgot/forgot-pages';
import { LoginPage } from './login-page';
import { ContactPage, FaqPage, TermsPage, TutorialPage } from './pages/info-pages';

const forgotRoutes: RouteObject[] = Object.values(FORGOT).flatMap((config) => [
  { path: `/login/${config.segment}/`, element: <ForgotBasePage config={config} /> },
  { path: `/login/${config.segment}/credentials/`, element: <ForgotCredentialsPage config={config} /> },
  { path: `/login/${config.segment}/otp/`, element: <ForgotOtpPage config={config} /> },
]);

/** The public login area (spec 2, "Login area"); the app shell mounts these outside the authenticated layout. */
export const authRoutes: RouteObject[] = [
  { path: '/login/', element: <LoginPage /> },
  ...forgotRoutes,
  { path: '/login/fdschallenge/', element: <ChallengePage type="fds" /> },
  { path: '/login/bdschallenge/', element: <ChallengePage type="bds" /> },
  { path: '/login/termandconditions/', element: <TermsPage /> },
  { path: '/login/tutorial-demo/', element: <TutorialPage /> },
  { path: '/login/contactus/', element: <ContactPage /> },
  { path: '/login/faq/', element: <FaqPage /> },
];
