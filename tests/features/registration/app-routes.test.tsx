import { describe, expect, it, afterEach } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { initI18n } from '../../../src/shared/i18n/i18n';
import en from '../../../locales/en/register.json';
import id from '../../../locales/id/register.json';
import enErrors from '../../../locales/en/errors.json';
import idErrors from '../../../locales/id/errors.json';
import { registrationAppRoutes } from '../../../src/features/registration/app-routes';
import { micrositeRoutes } from '../../../src/register/routes';
import { registrationScreens } from '../../../src/features/registration/routes';

const i18n = initI18n(
  { en: { register: en, errors: enErrors }, id: { register: id, errors: idErrors } },
  'en',
);

function renderAt(routes: RouteObject[], pathname: string, state: unknown, basename?: string) {
  const router = createMemoryRouter(routes, {
    initialEntries: [{ pathname: `${basename ?? ''}${pathname}`, state }],
    basename,
  });
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

async function accountNumberMessage(): Promise<string | null> {
  const input = (await screen.findByLabelText('Account number')) as HTMLInputElement;
  fireEvent.change(input, { target: { value: '80010020030' } });
  fireEvent.blur(input);
  return document.getElementById('reg-accountNumber-helper')?.textContent ?? null;
}

describe('the same screens with two readings of the rules', () => {
  afterEach(cleanup);

  it("the internet-banking app's /register/casadetails/ uses the main app's reading", async () => {
    renderAt(registrationAppRoutes, '/register/casadetails/', { from: 'base' });
    expect(await accountNumberMessage()).toBe('Account number must be 12-13 digits');
  });

  it("the microsite's casadetails uses the microsite's reading", async () => {
    renderAt(micrositeRoutes, '/casadetails/', { from: 'base' }, '/register');
    expect(await accountNumberMessage()).toBe('Your input has to be within 12-13 digits');
  });

  it('a guarded screen entered without state goes to the registration base', async () => {
    const router = renderAt(registrationAppRoutes, '/register/userinformations/', null);
    await screen.findByTestId('screen-base');
    expect(router.state.location.pathname).toBe('/register/');
  });
});

describe("the app's registration screens load with their route, not with the authenticated pages", () => {
  afterEach(cleanup);

  it('every screen the microsite has is a lazy route of the app (no screen code in the route table)', async () => {
    const children = registrationAppRoutes[0]!.children ?? [];
    const screens = children.filter((r) => r.path !== '*');
    const microsite = registrationScreens().filter((r) => r.path !== '*');
    expect(screens.map((r) => r.path ?? '')).toEqual(microsite.map((r) => r.path ?? ''));
    for (const r of screens) expect([typeof r.lazy, r.element]).toEqual(['function', undefined]);
    // Each lazy screen is the microsite's screen of the same name.
    for (const [i, r] of screens.entries()) {
      const loaded = (await (r.lazy as () => Promise<{ element: { type: unknown } }>)()).element;
      expect(loaded.type).toBe((microsite[i]!.element as { type: unknown }).type);
    }
  });
});
