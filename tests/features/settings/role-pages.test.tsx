import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPost } from '@/shared/api/client';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { dashboardRoutes } from '@/features/dashboard/routes';
import { settingsRoutes } from '@/features/settings/routes';
import { investRoutes } from '@/features/invest/routes';
import { renderRoutes } from '../auth/render';
import { answer, apiError, handlers, reset } from '../auth/api-mock';
import { budi, sari } from '../dashboard/fixtures';

const mocks = { apiPost: vi.mocked(apiPost) };

const routes = [...dashboardRoutes, ...investRoutes, ...settingsRoutes];

beforeEach(() => {
  reset();
  mocks.apiPost.mockImplementation(answer);
  handlers.set('/api/maintenance/v1/banner', () => ({ banners: [] }));
  // A newly registered card-only customer has no default accounts: the server answers 95.
  handlers.set('/api/dashboard/v1/defaultaccount', () => {
    throw apiError(422, 'CLICKS', '95', 'Default account not set');
  });
});
afterEach(() => cleanup());

describe("the roles' dashboard and where its buttons lead", () => {
  it('a card-only customer sees the card-only notice, not error 95, and "Open an account" opens a real page', async () => {
    handlers.set('/api/dashboard/v1/summary', () => sari);
    const { router } = renderRoutes(routes, '/dashboard/', { lang: 'id' });
    await screen.findByTestId('cc-only-notice');
    await waitFor(() =>
      expect(mocks.apiPost).toHaveBeenCalledWith('/api/dashboard/v1/defaultaccount', {}, expect.anything()),
    );
    expect(screen.queryByTestId('no-default-account')).toBeNull();
    expect(document.body.textContent).not.toContain('95');
    fireEvent.click(screen.getByTestId('action-transfer'));
    const dialog = await screen.findByTestId('casa-required-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buka rekening' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/applyandinvest/saving/'));
    expect(screen.queryByTestId('elsewhere')).toBeNull();
  });

  it('error 95 leads to the main-accounts settings, where saving both ends it', async () => {
    handlers.set('/api/dashboard/v1/summary', () => budi);
    const accounts = [
      { id: 1, accountNo: '100200300401', name: 'Tabungan Xtra', product: 'savings', currency: 'IDR' },
      { id: 2, accountNo: '100200300402', name: 'Giro', product: 'current', currency: 'IDR' },
    ];
    handlers.set('/api/settings/v1/account-visibility', () => ({ accounts: [] }));
    handlers.set('/api/settings/v1/main-accounts', () => ({
      accounts,
      sourceAccountId: null,
      receivingAccountId: null,
    }));
    const updates: unknown[] = [];
    handlers.set('/api/settings/v1/main-accounts/update', (body: unknown) => {
      updates.push(body);
      return { accounts, sourceAccountId: 1, receivingAccountId: 2 };
    });
    const { router } = renderRoutes(routes, '/dashboard/', { lang: 'en' });
    fireEvent.click(await screen.findByRole('link', { name: 'Go to settings' }));
    await screen.findByTestId('main-accounts');
    expect(router.state.location.pathname).toBe('/settings/account-visibility/');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Main source of fund' }));
    fireEvent.click(await screen.findByRole('option', { name: /100200300401/ }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Main receiving account' }));
    fireEvent.click(await screen.findByRole('option', { name: /100200300402/ }));
    fireEvent.click(screen.getByTestId('main-accounts-save'));
    await screen.findByTestId('main-accounts-saved');
    expect(updates).toEqual([{ sourceAccountId: 1, receivingAccountId: 2 }]);
  });
});
