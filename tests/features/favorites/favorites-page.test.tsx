import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { favoritesRoutes } from '@/features/favorites/routes';
import { initI18n, type Lang } from '@/shared/i18n/i18n';
import { ErrorProvider } from '@/shared/ui';
import enCommon from '../../../locales/en/common.json';
import enErrors from '../../../locales/en/errors.json';
import enEngine from '../../../locales/en/engine.json';
import enFlows from '../../../locales/en/flows.json';
import enShell from '../../../locales/en/shell.json';
import idCommon from '../../../locales/id/common.json';
import idErrors from '../../../locales/id/errors.json';
import idEngine from '../../../locales/id/engine.json';
import idFlows from '../../../locales/id/flows.json';
import idShell from '../../../locales/id/shell.json';
import { answer, apiError, callsTo, handlers, reset } from '../auth/api-mock';

const mocks = vi.hoisted(() => ({ apiPost: vi.fn() }));
vi.mock('@/shared/api/client', async (io) => ({ ...(await io<object>()), apiPost: mocks.apiPost }));

const bpjs = {
  id: '7',
  flowId: 'payment.bpjs',
  name: 'BPJS Ibu',
  form: { sourceOfFund: '1', customerNumber: '8888801234567' },
  createdAt: '2026-11-24T20:00:00.000Z',
};
const retired = {
  id: '8',
  flowId: 'payment.retired',
  name: 'Old biller',
  form: {},
  createdAt: '2026-10-01T03:00:00.000Z',
};

function renderAt(path: string, lang: Lang = 'en') {
  const i18n = initI18n(
    {
      en: { common: enCommon, errors: enErrors, engine: enEngine, flows: enFlows, shell: enShell },
      id: { common: idCommon, errors: idErrors, engine: idEngine, flows: idFlows, shell: idShell },
    },
    lang,
  );
  const router = createMemoryRouter(
    [...favoritesRoutes, { path: '*', element: <p data-testid="elsewhere">elsewhere</p> }],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <ErrorProvider onSessionExpired={() => undefined}>
        <RouterProvider router={router} />
      </ErrorProvider>
    </I18nextProvider>,
  );
  return router;
}

beforeEach(() => {
  reset();
  mocks.apiPost.mockImplementation(answer);
});
afterEach(cleanup);

describe('My Favorites', () => {
  it('says how to get a favourite when there is none', async () => {
    handlers.set('/api/favorite/v1/list', () => ({ favorites: [] }));
    renderAt('/my-favorite/');
    expect((await screen.findByTestId('favourites-empty')).textContent).toBe(
      'You have no favourites yet. After a transaction, choose “Save as favourite” on its receipt.',
    );
  });

  it('lists each with its flow, its number and when it was saved (Jakarta date); one no longer offered can only go', async () => {
    handlers.set('/api/favorite/v1/list', () => ({ favorites: [bpjs, retired] }));
    const router = renderAt('/my-favorite/');
    const cards = await screen.findAllByTestId('favourite');
    // 20:00 UTC on the 24th is already the 25th in Jakarta.
    expect(cards.map((c) => c.textContent)).toEqual([
      expect.stringMatching(/^BPJS IbuBPJS Kesehatan payment · 8888801234567Saved on 25 Nov 2026/),
      expect.stringMatching(/^Old biller.*This transaction is no longer offered/),
    ]);
    expect(within(cards[1]!).queryByTestId('favourite-start')).toBeNull();
    fireEvent.click(within(cards[0]!).getByTestId('favourite-start'));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/payment/bpjs/inquiry/?favorite=7',
      ),
    );
  });

  it('keeps a favourite whose deletion failed, and says why in the customer’s language', async () => {
    handlers.set('/api/favorite/v1/list', () => ({ favorites: [bpjs] }));
    handlers.set('/api/favorite/v1/delete', () => {
      throw apiError(
        404,
        'CLICKS',
        'FAVORITE_NOT_FOUND',
        'This favourite transaction no longer exists.',
        'Transaksi favorit ini sudah tidak ada.',
      );
    });
    renderAt('/my-favorite/', 'id');
    fireEvent.click(await screen.findByRole('button', { name: 'Hapus “BPJS Ibu”' }));
    expect((await screen.findByTestId('delete-favourite-dialog')).textContent).toContain(
      '“BPJS Ibu” akan dihapus dari Favorit Saya.',
    );
    fireEvent.click(screen.getByTestId('delete-favourite-confirm'));
    expect((await screen.findByTestId('error-dialog')).textContent).toContain(
      'Transaksi favorit ini sudah tidak ada.',
    );
    expect(callsTo('/api/favorite/v1/delete')).toEqual([{ id: '7' }]);
    expect(screen.getAllByTestId('favourite')).toHaveLength(1);
  });

  it('edit: a favourite that is not there says so, with the way back', async () => {
    handlers.set('/api/favorite/v1/list', () => ({ favorites: [bpjs] }));
    renderAt('/my-favorite/edit-favorite/?id=99');
    expect((await screen.findByTestId('favourite-not-found')).textContent).toBe(
      'This favourite no longer exists.',
    );
    expect(screen.getByRole('link', { name: 'Back to My Favorites' }).getAttribute('href')).toBe(
      '/my-favorite/',
    );
  });

  it('edit: an empty name is refused before anything is sent', async () => {
    handlers.set('/api/favorite/v1/list', () => ({ favorites: [bpjs] }));
    renderAt('/my-favorite/edit-favorite/?id=7');
    const name = await screen.findByRole('textbox', { name: 'Favourite name' });
    expect((name as HTMLInputElement).value).toBe('BPJS Ibu');
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('edit-favourite-save'));
    expect(await screen.findByText('Please enter a name')).toBeTruthy();
    expect(callsTo('/api/favorite/v1/update')).toEqual([]);
  });
});
