import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { Link, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useStableNavigate } from '../../src/app/declarative-routes';
import { buildRoutes } from '../../src/app/routes';
import { authenticatedRoutes } from '../../src/app/authenticated-routes';
import { setCredentials } from '../../src/shared/api/session-store';
import { useErrorHandler } from '../../src/shared/ui/error-handler';
import { testI18n } from '../shared/i18n-fixture';
import { mockFetch } from '../shared/fetch-mock';
import { shellReplies } from './shell/fixtures';
import { renderRoutes } from './render-routes';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A promise and its resolve, for a lazy route whose code arrives when the test says. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** The same component for two routes (as a flow's steps are): counts its mounts, keeps typed text. */
let mounts = 0;
function Step({ name }: { name: string }) {
  const [typed, setTyped] = useState('');
  useEffect(() => {
    mounts++;
  }, []);
  return (
    <div>
      <p>step {name}</p>
      <input aria-label="typed" value={typed} onChange={(e) => setTyped(e.target.value)} />
      <Link to="/b/">to b</Link>
    </div>
  );
}

describe('the app on the declarative router', () => {
  it('keeps a page mounted when the URL moves between two routes whose code draws the same component', async () => {
    mounts = 0;
    const routes: RouteObject[] = [
      { path: '/a/', lazy: async () => ({ element: <Step name="a" /> }) },
      { path: '/b/', lazy: async () => ({ element: <Step name="b" /> }) },
    ];
    await renderRoutes(routes, '/a/', testI18n('en'));
    expect(await screen.findByText('step a')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('typed'), { target: { value: '1234' } });
    await act(async () => fireEvent.click(screen.getByText('to b')));
    expect(await screen.findByText('step b')).toBeTruthy();
    expect((screen.getByLabelText('typed') as HTMLInputElement).value).toBe('1234');
    expect(mounts).toBe(1);
  });

  it("keeps the current page until the next one's code is in", async () => {
    const next = deferred<{ element: React.ReactNode }>();
    const routes: RouteObject[] = [
      { path: '/a/', element: <Link to="/b/">go</Link> },
      { path: '/b/', lazy: () => next.promise },
    ];
    const app = await renderRoutes(routes, '/a/', testI18n('en'));
    await act(async () => fireEvent.click(screen.getByText('go')));
    expect(screen.getByText('go')).toBeTruthy();
    expect(app.location().pathname).toBe('/a/');
    await act(async () => next.resolve({ element: <p>page b</p> }));
    expect(await screen.findByText('page b')).toBeTruthy();
    expect(app.location().pathname).toBe('/b/');
  });

  it('gives a component one navigate function for its life', async () => {
    const seen = new Set<unknown>();
    function Page() {
      seen.add(useStableNavigate());
      return <Link to="/b/">go</Link>;
    }
    const routes: RouteObject[] = [
      {
        path: '/',
        children: [
          { path: 'a/', element: <Page /> },
          { path: 'b/', element: <Page /> },
        ],
      },
    ];
    await renderRoutes(routes, '/a/', testI18n('en'));
    await act(async () => fireEvent.click(screen.getByText('go')));
    expect(seen.size).toBe(1);
  });

  it("a page's error handler stays the same when the URL moves on under it, so its effects do not run again", async () => {
    setCredentials({ accessToken: 't', expires: Date.now() + 60_000 });
    mockFetch(shellReplies);
    let loads = 0;
    // as a flow's page asks for its data once, whatever step the URL names
    function Page({ next }: { next: string }) {
      const errors = useErrorHandler();
      useEffect(() => {
        loads++;
      }, [errors]);
      return <Link to={next}>next</Link>;
    }
    const routes = buildRoutes(
      [],
      authenticatedRoutes({
        dashboardRoutes: [],
        featureRoutes: [
          { path: '/pay/inquiry/', lazy: async () => ({ element: <Page next="/pay/verify/" /> }) },
          { path: '/pay/verify/', lazy: async () => ({ element: <Page next="/pay/receipt/" /> }) },
        ],
        flowRoutes: [],
        registrationAppRoutes: [],
        flowMenuEntries: [],
      }),
    );
    const app = await renderRoutes(routes, '/pay/inquiry/', testI18n('en'));
    const next = await screen.findByText('next');
    await act(async () => fireEvent.click(next));
    await waitFor(() => expect(app.location().pathname).toBe('/pay/verify/'));
    expect(loads).toBe(1);
  });
});
