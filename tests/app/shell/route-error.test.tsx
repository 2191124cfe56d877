import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildRoutes } from '../../../src/app/routes';
import { renderRoutes } from '../render-routes';
import { setCredentials } from '../../../src/shared/api/session-store';
import { testI18n } from '../../shared/i18n-fixture';
import { mockFetch } from '../../shared/fetch-mock';
import { shellReplies } from './fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// The shell's own calls are answered: a 404 from them would open its own error dialog, over (or
// under) the one a test looks at, depending on which answer lands last.

function Boom(): never {
  throw new Error('render failed');
}

describe('route errors', () => {
  it('a feature page that fails shows the generic message inside the shell, not a stack trace', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    setCredentials({ accessToken: 't', expires: Date.now() + 60_000 });
    const calls = mockFetch(shellReplies);
    await renderRoutes(
      buildRoutes([], [{ path: '/dashboard/', element: <Boom /> }]),
      '/dashboard/',
      testI18n('en'),
    );
    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeTruthy();
    expect(screen.getByTestId('logout')).toBeTruthy();
    expect(screen.queryByText(/render failed/)).toBeNull();
    expect(calls.filter((c) => !(c.url in shellReplies))).toEqual([]);
  });

  it('a chunk that cannot be loaded shows the time-out texts with Reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    setCredentials({ accessToken: 't', expires: Date.now() + 60_000 });
    const calls = mockFetch(shellReplies);
    await renderRoutes(
      buildRoutes(
        [],
        [
          {
            path: '/dashboard/',
            lazy: () =>
              Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
          },
        ],
      ),
      '/dashboard/',
      testI18n('id'),
    );
    expect(await screen.findByText('Koneksi terputus, data tidak dapat dimuat')).toBeTruthy();
    expect(screen.getByText('error: 0000')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Muat ulang' })).toBeTruthy();
    expect(calls.filter((c) => !(c.url in shellReplies))).toEqual([]);
  });
});
