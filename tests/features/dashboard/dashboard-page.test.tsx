import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPost } from '@/shared/api/client';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { dashboardRoutes } from '@/features/dashboard/routes';
import { formatDecimal } from '@/features/dashboard/format';
import { requestEarly } from '@/shared/api/early-requests';
import { renderRoutes } from '../auth/render';
import { answer, apiError, handlers, reset } from '../auth/api-mock';
import { andi, budi, sari } from './fixtures';

const mocks = { apiPost: vi.mocked(apiPost) };

beforeEach(() => {
  reset();
  mocks.apiPost.mockImplementation(answer);
  handlers.set('/api/maintenance/v1/banner', () => ({ banners: [] }));
  handlers.set('/api/dashboard/v1/defaultaccount', () => ({ sourceAccountId: 1, receivingAccountId: null }));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('dashboard', () => {
  it('takes the summary the app asked for at its start (one request), and asks again on a later visit', async () => {
    let asked = 0;
    handlers.set('/api/dashboard/v1/summary', () => (asked++, budi));
    requestEarly('/api/dashboard/v1/summary');
    expect(asked).toBe(1);
    renderRoutes(dashboardRoutes, '/dashboard/', { lang: 'id' });
    await screen.findByTestId('dashboard-greeting');
    expect(asked).toBe(1);
    cleanup();
    renderRoutes(dashboardRoutes, '/dashboard/', { lang: 'id' });
    await screen.findByTestId('dashboard-greeting');
    expect(asked).toBe(2);
  });

  it('greets with title and display name and shows balances as IDR and foreign with code', async () => {
    handlers.set('/api/dashboard/v1/summary', () => budi);
    renderRoutes(dashboardRoutes, '/dashboard/', { lang: 'id' });
    expect((await screen.findByTestId('dashboard-greeting')).textContent).toMatch(
      /^Selamat (pagi|siang|sore|malam), Mr\. Budi Santoso$/,
    );
    const idrRow = screen.getByTestId('account-100200300401');
    expect(idrRow.textContent).toContain('Rp 15.234.567');
    const usdRow = screen.getByTestId('account-100200300404');
    expect(usdRow.textContent).toContain('USD 2.500,75');
    expect(screen.getByTestId('investment-total').textContent).toBe('Rp 1.524.220');
    // empty sections are hidden
    expect(screen.queryByTestId('section-deposits')).toBeNull();
    expect(screen.queryByTestId('section-loans')).toBeNull();
    expect(screen.queryByTestId('section-gold')).toBeNull();
    expect(screen.getByTestId('section-poinxtra').textContent).toContain('12.500 poin');
    expect(screen.queryByTestId('no-default-account')).toBeNull();
    // Headings step down one level at a time (Lighthouse's heading-order): the investments' kinds are
    // h3 under their section's h2, not MUI's subtitle h6.
    const levels = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1]));
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!).toBeLessThanOrEqual(1);
    expect(levels).toContain(3);
  });

  it('credit-card-only: cards shown, and features needing a savings account open the pop-up', async () => {
    handlers.set('/api/dashboard/v1/summary', () => sari);
    const { router } = renderRoutes(dashboardRoutes, '/dashboard/');
    await screen.findByTestId('dashboard-greeting');
    expect(screen.queryByTestId('section-accounts')).toBeNull();
    expect(screen.getByTestId('section-cards').textContent).toContain('Credit limit');
    fireEvent.click(screen.getByTestId('action-transfer'));
    const dialog = await screen.findByTestId('casa-required-dialog');
    expect(dialog.textContent).toContain('Savings/Current Account');
    expect(router.state.location.pathname).toBe('/dashboard/');
    // a feature that needs nothing opens as usual
    fireEvent.click(screen.getByRole('button', { name: /Later/ }));
    fireEvent.click(screen.getByTestId('action-exchangeRate'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exchange-rate/'));
  });

  it('supplementary holder: told the feature is unavailable and to visit a branch', async () => {
    handlers.set('/api/dashboard/v1/summary', () => andi);
    renderRoutes(dashboardRoutes, '/dashboard/');
    await screen.findByTestId('supplementary-notice');
    expect(screen.getByTestId('section-cards').textContent).toContain('Supplementary');
    fireEvent.click(screen.getByTestId('action-payment'));
    expect((await screen.findByTestId('supplementary-dialog')).textContent).toMatch(/branch/);
    expect(screen.queryByTestId('casa-required-dialog')).toBeNull();
  });

  it('error 95 (no default accounts) shows the catalogue text with a link to settings', async () => {
    handlers.set('/api/dashboard/v1/summary', () => budi);
    handlers.set('/api/dashboard/v1/defaultaccount', () => {
      throw apiError(422, 'CLICKS', '95', 'Default account not set');
    });
    renderRoutes(dashboardRoutes, '/dashboard/');
    const alert = await screen.findByTestId('no-default-account');
    expect(alert.textContent).toContain('CLICKS : 95');
    const link = screen.getByRole('link', { name: 'Go to settings' });
    expect(link.getAttribute('href')).toMatch(/^\/settings\//);
  });
});

describe('exchange rates', () => {
  it('refreshes every 10 seconds and shows the notice with the last update', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let n = 0;
    handlers.set('/api/exchangerate/v1/list', () => {
      n += 1;
      return {
        rates: [
          {
            currency: 'USD',
            nameEng: 'US Dollar',
            nameIdn: 'Dolar AS',
            buy: '16100.0000',
            sell: '16300.0000',
          },
        ],
        specialRates: [{ currency: 'USD', buy: `1618${n}.1234`, sell: '16220.5000' }],
        updatedAt: new Date().toISOString(),
        validUntil: new Date(Date.now() + 10_000).toISOString(),
      };
    });
    renderRoutes(dashboardRoutes, '/exchange-rate/');
    expect((await screen.findByTestId('special-rate-notice')).textContent).toContain(
      'change every 10 seconds',
    );
    expect((await screen.findByTestId('rate-special-USD')).textContent).toContain('16,181.12');
    await vi.advanceTimersByTimeAsync(10_000);
    await waitFor(() => expect(screen.getByTestId('rate-special-USD').textContent).toContain('16,182.12'));
    expect(screen.getByTestId('rates-updated').textContent).toMatch(/Last update: \d\d:\d\d:\d\d/);
  });

  it('formats decimal rate text without floating point', () => {
    expect(formatDecimal('16185.5000', 'id')).toBe('16.185,50');
    expect(formatDecimal('16185.5050', 'en')).toBe('16,185.51');
    expect(formatDecimal('0.0049', 'en')).toBe('0.00');
    expect(formatDecimal('1000.5', 'en', 4)).toBe('1,000.5000');
    expect(formatDecimal('x', 'en')).toBe('x');
  });
});
