import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPost } from '@/shared/api/client';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { favoritesRoutes as ROUTES } from '@/features/favorites/routes';
import type { Lang } from '@/shared/i18n/i18n';
import { answer, apiError, callsTo, handlers, reset } from '../auth/api-mock';
import { renderRoutes } from '../auth/render';

const mocks = { apiPost: vi.mocked(apiPost) };

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

const renderAt = (path: string, lang: Lang = 'en') => renderRoutes(ROUTES, path, { lang }).router;

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
    // 20:00 UTC on the 24th is already the 25th in Jakarta. (The number comes with the flow's file.)
    await waitFor(() =>
      expect(cards.map((c) => c.textContent)).toEqual([
        expect.stringMatching(/^BPJS IbuBPJS Kesehatan payment · 8888801234567Saved on 25 Nov 2026/),
        expect.stringMatching(/^Old biller.*This transaction is no longer offered/),
      ]),
    );
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
