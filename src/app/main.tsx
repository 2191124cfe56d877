import { startTransition, useCallback, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, type RouteObject } from 'react-router';
import { addStrings, initI18n } from '@/shared/i18n/i18n';
import { AppProviders } from '@/shared/ui/app-providers';
import { bannerPageOf, bannerVariantOf, prefetchBanners } from '@/shared/ui/maintenance-banner';
import { getCredentials } from '@/shared/api/session-store';
import { requestEarly, SHELL_CALLS } from '@/shared/api/early-requests';
import { loadedFor, RoutesView } from './declarative-routes';
import { lateStrings, loginStrings } from './strings';
import { loadAppRoutes, VisitorRoutes } from './visitor-router';
import { isLoginArea } from '@/shared/login-area';
import { warmLocaleData } from '@/shared/locale-warmup';
import { inTasks } from '@/shared/in-tasks';

const i18n = initI18n();

/** The login area's lean table; the whole app's from the first page outside it on. */
function App({ first }: { first: RouteObject[] | null }) {
  const [routes, setRoutes] = useState<RouteObject[] | null>(first);
  // A transition, as the first render below: React draws the page in slices and answers a tap between them.
  const leave = useCallback((r: RouteObject[]) => startTransition(() => setRoutes(r)), []);
  return (
    <BrowserRouter>
      {routes ? <RoutesView routes={routes} /> : <VisitorRoutes i18n={i18n} onLeave={leave} />}
    </BrowserRouter>
  );
}

// The maintenance banners of the page the app opens on are asked for at once, beside the strings, so
// they are there when the page first paints (the login page waits up to a second for them rather
// than being pushed down when they arrive: no layout shift).
const path = location.pathname;
const loginBanners = path.startsWith('/login') ? prefetchBanners('login') : undefined;
// (The dashboard and the transaction areas likewise, for a customer who is signed in.)
const signedIn = !!getCredentials();
// A signed-in customer's page outside the login area: what its frame asks for on every page (the
// customer, the badges) likewise, and its routes and chunks now, beside its strings, not after the
// first render has found it is elsewhere. Its first render waits for the table and the page's code: the
// page's HTML is the shell's frame prerendered (scripts/prerender-frame.ts), which the first render
// replaces with the same frame and the page, not with a blank page while they load.
let firstRoutes: Promise<RouteObject[] | null> = Promise.resolve(null);
if (signedIn && !isLoginArea(path)) {
  // In a task of their own, after this module's: the frame is painted, and one task of both would
  // block a tap on it for as long as they take together.
  firstRoutes = new Promise((resolve) =>
    setTimeout(() => {
      askEarly(path);
      resolve(
        loadAppRoutes(i18n, path).then(
          async (routes) => (await loadedFor(routes, path), routes),
          () => null,
        ),
      );
      // Once those are asked for, while they are on their way (each in a task of its own).
      warmLocaleData(i18n.language === 'en' ? 'en' : 'id');
    }, 0),
  );
}

/**
 * What a signed-in page asks for first: its banners, its frame's figures, the dashboard's own; each in
 * a task of its own (a request's making, headers and timers, is some 15 ms of a phone's main thread).
 */
function askEarly(path: string): void {
  const bannerPage = bannerPageOf(path);
  const calls = Object.values(SHELL_CALLS) as string[];
  // The dashboard's figures likewise (the dashboard takes the answer: src/features/dashboard/api.ts
  // DASHBOARD_SUMMARY_PATH; its module is not imported here, so /login/ carries no dashboard code).
  if (path === '/dashboard/') calls.push('/api/dashboard/v1/summary', '/api/dashboard/v1/defaultaccount'); // DASHBOARD_DEFAULT_ACCOUNT_PATH
  inTasks([
    ...(bannerPage ? [() => void prefetchBanners(bannerPage, bannerVariantOf(location.search))] : []),
    ...calls.map((call) => () => requestEarly(call)),
  ]);
}

// The first page's strings in the stored language (Indonesian by default), then the first render: the
// login page's group, or a signed-in page's (which holds what every page says, and not the login area's).
const firstStrings = signedIn && !isLoginArea(path) ? lateStrings : loginStrings;
void Promise.all([
  addStrings(i18n, firstStrings).catch(() => undefined),
  loginBanners && Promise.race([loginBanners, new Promise((r) => setTimeout(r, 1000))]),
  firstRoutes,
]).then(([, , first]) =>
  startTransition(() =>
    createRoot(document.getElementById('root')!).render(
      <AppProviders i18n={i18n}>
        <App first={first} />
      </AppProviders>,
    ),
  ),
);
