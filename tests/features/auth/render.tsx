import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { initI18n, type Lang } from '@/shared/i18n/i18n';
import { ErrorProvider } from '@/shared/ui';
import enCommon from '../../../locales/en/common.json';
import enErrors from '../../../locales/en/errors.json';
import enAuth from '../../../locales/en/auth.json';
import enDashboard from '../../../locales/en/dashboard.json';
import enEngine from '../../../locales/en/engine.json';
import enFlows from '../../../locales/en/flows.json';
import enShell from '../../../locales/en/shell.json';
import enTransfer from '../../../locales/en/transfer.json';
import enMyaccount from '../../../locales/en/myaccount.json';
import enSettings from '../../../locales/en/settings.json';
import enCart from '../../../locales/en/cart.json';
import enBatch from '../../../locales/en/batch.json';
import idCommon from '../../../locales/id/common.json';
import idErrors from '../../../locales/id/errors.json';
import idAuth from '../../../locales/id/auth.json';
import idDashboard from '../../../locales/id/dashboard.json';
import idEngine from '../../../locales/id/engine.json';
import idFlows from '../../../locales/id/flows.json';
import idShell from '../../../locales/id/shell.json';
import idTransfer from '../../../locales/id/transfer.json';
import idMyaccount from '../../../locales/id/myaccount.json';
import idSettings from '../../../locales/id/settings.json';
import idCart from '../../../locales/id/cart.json';
import idBatch from '../../../locales/id/batch.json';

export function testI18n(lang: Lang = 'en') {
  return initI18n(
    {
      en: {
        common: enCommon,
        errors: enErrors,
        auth: enAuth,
        dashboard: enDashboard,
        engine: enEngine,
        flows: enFlows,
        shell: enShell,
        transfer: enTransfer,
        myaccount: enMyaccount,
        settings: enSettings,
        cart: enCart,
        batch: enBatch,
      },
      id: {
        common: idCommon,
        errors: idErrors,
        auth: idAuth,
        dashboard: idDashboard,
        engine: idEngine,
        flows: idFlows,
        shell: idShell,
        transfer: idTransfer,
        myaccount: idMyaccount,
        settings: idSettings,
        cart: idCart,
        batch: idBatch,
      },
    },
    lang,
  );
}

/** A path with its query ("/x/?a=1") as the router's pathname and search. */
function entryOf(path: string) {
  const q = path.indexOf('?');
  return q < 0 ? { pathname: path } : { pathname: path.slice(0, q), search: path.slice(q) };
}

/** Renders routes in a memory router with i18n and the shared error dialog, starting at `path`. */
export function renderRoutes(
  routes: RouteObject[],
  path: string,
  opts: { lang?: Lang; state?: unknown; onSessionExpired?: () => void } = {},
) {
  const i18n = testI18n(opts.lang);
  const router = createMemoryRouter(
    [...routes, { path: '*', element: <p data-testid="elsewhere">elsewhere</p> }],
    { initialEntries: [{ ...entryOf(path), state: opts.state }] },
  );
  const utils = render(
    <I18nextProvider i18n={i18n}>
      <ErrorProvider onSessionExpired={opts.onSessionExpired ?? (() => undefined)}>
        <RouterProvider router={router} />
      </ErrorProvider>
    </I18nextProvider>,
  );
  return { ...utils, router, i18n };
}

export function renderWithI18n(ui: ReactElement, lang: Lang = 'en') {
  const i18n = testI18n(lang);
  return { ...render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>), i18n };
}
