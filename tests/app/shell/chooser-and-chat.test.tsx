import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChooserPage } from '../../../src/app/pages/chooser-page';
import { ChatPanel } from '../../../src/app/shell/chat-panel';
import { buildRoutes } from '../../../src/app/routes';
import { setCredentials } from '../../../src/shared/api/session-store';
import { SessionContext } from '../../../src/shared/ui/session-context';
import { testI18n } from '../../shared/i18n-fixture';
import { mockFetch } from '../../shared/fetch-mock';
import { renderRoutes } from '../render-routes';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeEach(() => sessionStorage.clear());

describe('chooser pages', () => {
  it('list the flows of their area in menu order, each leading to its first step', () => {
    const i18n = testI18n('en');
    i18n.addResourceBundle('en', 'flows', {
      payment: { bpjs: { menu: 'BPJS' }, pln: { menu: 'Electricity' } },
    });
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <ChooserPage
            area="payment"
            entries={[
              {
                flowId: 'payment.pln',
                area: 'payment',
                path: '/payment/utility/inquiry/',
                labelKey: 'flows:payment.pln.menu',
                order: 20,
              },
              {
                flowId: 'transfer.own',
                area: 'transfer',
                path: '/transfer/inquiry/',
                labelKey: 'flows:x',
                order: 1,
              },
              {
                flowId: 'payment.bpjs',
                area: 'payment',
                path: '/payment/bpjs/inquiry/',
                labelKey: 'flows:payment.bpjs.menu',
                order: 10,
              },
            ]}
          />
        </MemoryRouter>
      </I18nextProvider>,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['BPJS', '/payment/bpjs/inquiry/'],
      ['Electricity', '/payment/utility/inquiry/'],
    ]);
  });
});

describe("a route's chooser", () => {
  it('lists only the flows sharing the route, under their area, and nothing else of the area', () => {
    const i18n = testI18n('en');
    i18n.addResourceBundle('en', 'flows', {
      payment: { own: { menu: 'Own credit card' }, other: { menu: "Another bank's card" } },
    });
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <ChooserPage
            route="/payment/credit-card/"
            entries={[
              {
                flowId: 'payment.bpjs',
                area: 'payment',
                path: '/payment/bpjs/inquiry/',
                labelKey: 'flows:x',
                order: 1,
              },
              {
                flowId: 'payment.credit-card-other',
                area: 'payment',
                path: '/payment/credit-card/inquiry/?type=other-bank',
                labelKey: 'flows:payment.other.menu',
                order: 20,
              },
              {
                flowId: 'payment.credit-card-own',
                area: 'payment',
                path: '/payment/credit-card/inquiry/?type=own',
                labelKey: 'flows:payment.own.menu',
                order: 10,
              },
            ]}
          />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Bill Payment');
    const links = screen.getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Own credit card', '/payment/credit-card/inquiry/?type=own'],
      ["Another bank's card", '/payment/credit-card/inquiry/?type=other-bank'],
    ]);
    // The area's own extras (registered billers) stay on the area's page.
    expect(screen.queryByTestId('registered-billers')).toBeNull();
  });
});

describe('transfer chooser', () => {
  it('offers saved and recent recipients, each opening the same-bank form filled in for them', async () => {
    setCredentials({ accessToken: 'tok', expires: Date.now() + 60_000 });
    mockFetch({
      '/api/transfer/v1/recipients': {
        status: 200,
        body: {
          saved: [{ favoriteId: '4', name: 'Sari kos', accountNo: '800123456837' }],
          recent: [{ accountNo: '800123456845', name: 'DEWI LESTARI', lastAt: '2026-11-24T03:00:00Z' }],
        },
      },
    });
    render(
      <I18nextProvider i18n={testI18n('id')}>
        <MemoryRouter>
          <ChooserPage area="transfer" entries={[]} />
        </MemoryRouter>
      </I18nextProvider>,
    );
    const box = await screen.findByTestId('recipients');
    expect(box.textContent).toContain('Penerima tersimpan');
    expect(box.textContent).toContain('Penerima terakhir');
    const links = [...box.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Sari kos8001 2345 6837', '/transfer/inquiry/?type=same-bank&favorite=4'],
      ['DEWI LESTARI8001 2345 6845', '/transfer/inquiry/?type=same-bank&to=800123456845'],
    ]);
  });
});

describe('chooser gate', () => {
  it('a credit-card-only customer gets the open-account pop-up instead of a flow needing CASA', async () => {
    const customer = {
      userId: 'saridewi',
      title: 'Ms.',
      fullName: 'Sari Dewi',
      displayName: 'Sari',
      lastLoginAt: null,
      hasCasa: false,
      ccOnly: true,
      supplementary: false,
    };
    render(
      <I18nextProvider i18n={testI18n('en')}>
        <SessionContext.Provider value={{ customer, absoluteExpires: null, logout: async () => undefined }}>
          <MemoryRouter initialEntries={['/transfer/']}>
            <Routes>
              <Route
                path="/transfer/"
                element={
                  <ChooserPage
                    area="transfer"
                    entries={[
                      {
                        flowId: 'transfer.own',
                        area: 'transfer',
                        path: '/transfer/inquiry/',
                        labelKey: 'flows:own',
                        order: 1,
                        requires: 'casa',
                      },
                    ]}
                  />
                }
              />
              <Route path="/transfer/inquiry/" element={<p>transfer form</p>} />
            </Routes>
          </MemoryRouter>
        </SessionContext.Provider>
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByTestId('chooser-item-transfer.own'));
    expect(
      await screen.findByText('The feature is only available for users with Savings/Current Account'),
    ).toBeTruthy();
    expect(screen.queryByText('transfer form')).toBeNull();
  });
});

describe('root', () => {
  it.each([
    [true, 'dashboard here'],
    [false, 'login here'],
  ])('logged in %s: / goes to %s', async (loggedIn, text) => {
    if (loggedIn) setCredentials({ accessToken: 't', expires: Date.now() + 60_000 });
    else setCredentials(null);
    mockFetch({});
    await renderRoutes(
      buildRoutes(
        [{ path: '/login/', element: <p>login here</p> }],
        [{ path: '/dashboard/', element: <p>dashboard here</p> }],
      ),
      '/',
      testI18n('en'),
    );
    expect(await screen.findByText(text)).toBeTruthy();
  });
});

describe('live chat after login', () => {
  it('opens the chat URL from usersettingsresponse.liveChatUrl and closes it on the server', async () => {
    const calls = mockFetch({
      '/api/usersettings/v1/geturllivechatafterlogin': {
        status: 200,
        body: { usersettingsresponse: { liveChatUrl: 'https://chat.example/session' } },
      },
      '/api/usersettings/v1/geturllivechatclose': { status: 200, body: {} },
    });
    const onClose = vi.fn();
    render(
      <I18nextProvider i18n={testI18n('en')}>
        <ChatPanel onClose={onClose} />
      </I18nextProvider>,
    );
    expect(screen.getByText('Connecting you to our agent…')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTitle('Chat with us').getAttribute('src')).toBe('https://chat.example/session'),
    );
    expect(sessionStorage.getItem('lc')).toBe('open');
    fireEvent.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(onClose).toHaveBeenCalled();
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toContain('/api/usersettings/v1/geturllivechatclose'),
    );
    expect(sessionStorage.getItem('lc')).toBeNull();
  });

  it('shows the chat error dialog with a reload button that tries again', async () => {
    const calls = mockFetch({});
    render(
      <I18nextProvider i18n={testI18n('en')}>
        <ChatPanel onClose={() => undefined} />
      </I18nextProvider>,
    );
    expect(await screen.findByText('Live chat cannot be loaded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/usersettings/v1/geturllivechatafterlogin')).toHaveLength(2),
    );
  });
});
