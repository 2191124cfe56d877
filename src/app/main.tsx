import { startTransition, useCallback, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { addStrings, initI18n } from '@/shared/i18n/i18n';
import { AppProviders } from '@/shared/ui/app-providers';
import { bannerPageOf, bannerVariantOf, prefetchBanners } from '@/shared/ui/maintenance-banner';
import { getCredentials } from '@/shared/api/session-store';
import { requestEarly, SHELL_CALLS } from '@/shared/api/early-requests';
import type { AppRouter } from './router';
import { loginStrings } from './strings';
import { loadAppRouter, VisitorRouter } from './visitor-router';
import { isLoginArea } from '@/shared/login-area';
import { warmLocaleData } from '@/shared/locale-warmup';

const i18n = initI18n();

/** The lean visitor router for the login area; the data router from the first page outside it on. */
function App({ first }: { first: AppRouter | null }) {
  const [router, setRouter] = useState<AppRouter | null>(first);
  // A transition, as the first render below: React draws the page in slices and answers a tap between them.
  const leave = useCallback((r: AppRouter) => startTransition(() => setRouter(r)), []);
  return router ? <RouterProvider router={router} /> : <VisitorRouter i18n={i18n} onLeave={leave} />;
}

// The maintenance banners of the page the app opens on are asked for at once, beside the strings, so
// they are there when the page first paints (the login page waits up to a second for them rather
// than being pushed down when they arrive: no layout shift).
const path = location.pathname;
const loginBanners = path.startsWith('/login') ? prefetchBanners('login') : undefined;
// (The dashboard and the transaction areas likewise, for a customer who is signed in.)
const signedIn = !!getCredentials();
// A signed-in customer's page outside the login area: what its frame asks for on every page (the
// customer, the badges) likewise, and its router, routes and chunks now, beside the login area's
// strings, not after the first render has found it is elsewhere. Its first render waits for them: the
// page's HTML is the shell's frame prerendered (scripts/prerender-frame.ts), which the first render
// replaces with the same frame and the page, not with a blank page while the router loads.
let firstRouter: Promise<AppRouter | null> = Promise.resolve(null);
if (signedIn && !isLoginArea(path)) {
  // In a task of their own, after this module's: the frame is painted, and one task of both would
  // block a tap on it for as long as they take together.
  firstRouter = new Promise((resolve) =>
    setTimeout(() => {
      askEarly(path);
      resolve(loadAppRouter(i18n, path).catch(() => null));
      // Once those are asked for, while they are on their way (each in a task of its own).
      warmLocaleData(i18n.language === 'en' ? 'en' : 'id');
    }, 0),
  );
}

/** What a signed-in page asks for first: its banners, its frame's figures, the dashboard's own. */
function askEarly(path: string): void {
  const bannerPage = bannerPageOf(path);
  if (bannerPage) void prefetchBanners(bannerPage, bannerVariantOf(location.search));
  for (const call of Object.values(SHELL_CALLS)) requestEarly(call);
  // The dashboard's figures likewise (the dashboard takes the answer: src/features/dashboard/api.ts
  // DASHBOARD_SUMMARY_PATH; its module is not imported here, so /login/ carries no dashboard code).
  if (path === '/dashboard/') {
    requestEarly('/api/dashboard/v1/summary');
    requestEarly('/api/dashboard/v1/defaultaccount'); // DASHBOARD_DEFAULT_ACCOUNT_PATH
  }
}

// The login area's strings in the stored language (Indonesian by default), then the first render.
void Promise.all([
  addStrings(i18n, loginStrings).catch(() => undefined),
  loginBanners && Promise.race([loginBanners, new Promise((r) => setTimeout(r, 1000))]),
  firstRouter,
]).then(([, , first]) =>
  startTransition(() =>
    createRoot(document.getElementById('root')!).render(
      <AppProviders i18n={i18n}>
        <App first={first} />
      </AppProviders>,
    ),
  ),
);
