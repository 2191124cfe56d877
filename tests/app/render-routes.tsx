import { act, render } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { useLayoutEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation, useNavigate, type Location, type RouteObject } from 'react-router';
import { declarativeRoutes, RoutesView } from '../../src/app/declarative-routes';

/** What a test reads of the app's router: where it is, and a way to go elsewhere. */
export interface RenderedRoutes {
  location: () => Location;
  /** As a link to `to` would (a transition: the current page stays until the next one's code is in). */
  navigate: (to: string) => void;
}

/**
 * A route table (written as for a data router) drawn as the app draws it (main.tsx: RoutesView). In an
 * awaited act: a lazy route's page suspends on its code with React's `use`, whose retry React drops when
 * it suspended inside an act that was not awaited.
 */
export async function renderRoutes(
  routes: RouteObject[],
  path: string | Partial<Location>,
  i18n: I18n,
): Promise<RenderedRoutes> {
  const seen = {} as { location: Location; navigate: ReturnType<typeof useNavigate> };
  // what is on the screen (committed), not what a render still waiting for code would show
  function Probe() {
    const location = useLocation();
    const navigate = useNavigate();
    useLayoutEffect(() => {
      seen.location = location;
      seen.navigate = navigate;
    });
    return null;
  }
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <RoutesView routes={declarativeRoutes(routes)} />
          <Probe />
        </MemoryRouter>
      </I18nextProvider>,
    );
  });
  return { location: () => seen.location, navigate: (to) => void seen.navigate(to) };
}
