// own module graph: the banners a page asks for once, at the app's start, are cached in the module (tests expect none asked yet).
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildRoutes } from '../../../src/app/routes';
import { authenticatedRoutes } from '../../../src/app/authenticated-routes';
import { getCredentials, setCredentials } from '../../../src/shared/api/session-store';
import { requestEarly, SHELL_CALLS } from '../../../src/shared/api/early-requests';
import { MENU } from '../../../src/app/menu';
import en from '../../../locales/en/shell.json';
import id from '../../../locales/id/shell.json';
import { testI18n } from '../../shared/i18n-fixture';
import { renderRoutes } from '../render-routes';
import { INVALID_TOKEN_BODY, mockFetch } from '../../shared/fetch-mock';
import { me, shellReplies } from './fixtures';

function renderApp(path: string, lang: 'en' | 'id' = 'en') {
  const routes = buildRoutes(
    [{ path: '/login/', element: <p>login page</p> }],
    authenticatedRoutes({
      dashboardRoutes: [{ path: '/dashboard/', element: <p>dashboard page</p> }],
      flowRoutes: [],
      registrationAppRoutes: [],
      flowMenuEntries: [],
    }),
  );
  return renderRoutes(routes, path, testI18n(lang));
}

beforeEach(() => {
  sessionStorage.clear();
  setCredentials({ accessToken: 'tok', expires: Date.now() + 300_000 });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('app shell', () => {
  it('shows the greeting with title and display name, and the whole left menu once a phone opens it', async () => {
    mockFetch({
      ...shellReplies,
    });
    await renderApp('/dashboard/');
    expect(await screen.findByTestId('greeting', {}, { timeout: 5000 })).toHaveProperty(
      'textContent',
      'Hello, Mr. Budi',
    );
    // a phone's menu (jsdom has no desktop width) is drawn when first opened
    fireEvent.click(screen.getByRole('button', { name: en.header.openMenu }));
    const nav = screen.getByTestId('left-menu');
    for (const g of MENU) {
      if (g.id) expect(within(nav).getByText(en.menu.groups[g.id])).toBeTruthy();
      for (const item of g.items)
        expect(within(nav).getByTestId(`menu-${item.id}`).textContent).toContain(en.menu.items[item.id]);
    }
    expect(within(nav).getByTestId('menu-transfer').getAttribute('href')).toBe('/transfer/');
  });

  it("draws the frame with the customer from its first paint when the entry's early answer came first, asking once", async () => {
    const calls = mockFetch({ ...shellReplies });
    requestEarly(SHELL_CALLS.me);
    await vi.waitFor(() => expect(calls.map((c) => c.url)).toContain(SHELL_CALLS.me));
    await new Promise((r) => setTimeout(r, 20));
    // what the first commit that holds the frame shows
    let greetedAtFirst: boolean | undefined;
    const watch = new MutationObserver(() => {
      if (greetedAtFirst === undefined && screen.queryByTestId('logout'))
        greetedAtFirst = !!screen.queryByTestId('greeting');
    });
    watch.observe(document.body, { childList: true, subtree: true });
    await renderApp('/dashboard/');
    await screen.findByText('dashboard page');
    watch.disconnect();
    expect(greetedAtFirst).toBe(true);
    expect(screen.getByTestId('greeting').textContent).toBe('Hello, Mr. Budi');
    expect(calls.filter((c) => c.url === SHELL_CALLS.me)).toHaveLength(1);
  });

  it('speaks Indonesian by default strings', async () => {
    mockFetch({ '/api/v1/session/me': me });
    await renderApp('/help/', 'id');
    expect(await screen.findByText(id.placeholder.title)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: id.header.openMenu }));
    expect(screen.getByTestId('menu-home').textContent).toBe(id.menu.items.home);
  });

  it('asks for the banners of the transaction the page shows (?type=), so own-account transfers skip the SKN/RTGS cut-off', async () => {
    const calls = mockFetch({ ...shellReplies });
    await renderApp('/transfer/inquiry/?type=own-account');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/maintenance/v1/banner')).toBe(true));
    const banner = calls.find((c) => c.url === '/api/maintenance/v1/banner')!;
    expect(JSON.parse(banner.body)).toEqual({ page: 'transfer', variant: 'own-account' });
  });

  it('without credentials, goes to login', async () => {
    setCredentials(null);
    mockFetch({});
    await renderApp('/dashboard/');
    expect(await screen.findByText('login page')).toBeTruthy();
  });

  it('a route not built yet says so plainly, with a way back; an unknown path is the 404', async () => {
    mockFetch({ '/api/v1/session/me': me });
    const app = await renderApp('/settings/change-password');
    expect(await screen.findByText('This feature is not available yet')).toBeTruthy();
    expect(screen.getByTestId('feature-unavailable').textContent).toContain(
      'Settings & Services at this address',
    );
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/dashboard/');
    await act(async () => app.navigate('/definitely-not-a-page/'));
    expect(await screen.findByText('Page not found')).toBeTruthy();
    expect(screen.getByText('Error 404')).toBeTruthy();
    expect(screen.getByText("The page you're looking for does not exist")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to homepage' }).getAttribute('href')).toBe('/');
  });

  it('logout calls the server, stores its message and goes to login', async () => {
    const calls = mockFetch({
      '/api/v1/session/me': me,
      '/api/v1/login/logout': { status: 200, body: { logoutresponse: { eng: 'Bye', idn: 'Sampai jumpa' } } },
    });
    await renderApp('/dashboard/');
    fireEvent.click(await screen.findByTestId('logout'));
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(calls.map((c) => c.url)).toContain('/api/v1/login/logout');
    expect(getCredentials()).toBeNull();
    expect(sessionStorage.getItem('logoutFeedback')).toBe(
      JSON.stringify({ eng: 'Bye', idn: 'Sampai jumpa' }),
    );
  });

  it('an authenticated call failing with INVALID_TOKEN clears the session, flags session_expired and goes to login', async () => {
    mockFetch({ '/api/v1/session/me': { status: 401, body: INVALID_TOKEN_BODY } });
    await renderApp('/dashboard/');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(getCredentials()).toBeNull();
    expect(sessionStorage.getItem('session_expired')).toBe('1');
  });

  it('prompts before the idle logout; "Yes, I\'m still here" refreshes the session', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = mockFetch({
      '/api/v1/session/me': me,
      '/api/v1/session/refresh': { status: 200, body: { expires: 1 } },
    });
    await renderApp('/dashboard/');
    await screen.findByTestId('greeting');
    await act(async () => void vi.advanceTimersByTime(240_500));
    expect(screen.getByTestId('idle-dialog')).toBeTruthy();
    expect(screen.getByTestId('idle-countdown').textContent).toMatch(
      /logged out automatically in (59|60) seconds/,
    );
    fireEvent.click(screen.getByRole('button', { name: "Yes, I'm still here" }));
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/v1/session/refresh'));
    await waitFor(() => expect(screen.queryByTestId('idle-dialog')).toBeNull());
  });

  it('logs out by itself at the idle limit', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = mockFetch({
      '/api/v1/session/me': me,
      '/api/v1/login/logout': { status: 200, body: { logoutresponse: 'bye' } },
    });
    await renderApp('/dashboard/');
    await screen.findByTestId('greeting');
    await act(async () => void vi.advanceTimersByTime(300_500));
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(calls.map((c) => c.url)).toContain('/api/v1/login/logout');
    expect(sessionStorage.getItem('session_expired')).toBe('1');
  });
});

describe('the left menu on a phone', () => {
  it('is not drawn until first opened, then stays drawn when closed', async () => {
    mockFetch({ ...shellReplies });
    await renderApp('/dashboard/');
    await screen.findByTestId('greeting', {}, { timeout: 5000 });
    expect(screen.queryByTestId('left-menu')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: en.header.openMenu }));
    expect(screen.getByTestId('left-menu')).toBeTruthy();
    fireEvent.keyDown(screen.getByTestId('left-menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.getByTestId('left-menu').closest('[aria-hidden="true"]')).toBeTruthy());
  });
});
