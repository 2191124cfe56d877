import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPost } from '@/shared/api/client';
import { cleanup, screen } from '@testing-library/react';
import { billsPublicRoutes } from '@/features/bills/public-routes';
import { PENDING_REREAD_MS } from '@/features/bills/autotopup-page';
import { setCredentials } from '@/shared/api/session-store';
import { answer, callsTo, handlers, reset } from '../auth/api-mock';
import { renderRoutes } from '../auth/render';

const mocks = { apiPost: vi.mocked(apiPost) };

const idr = (amount: number) => ({ amount, currency: 'IDR' });
const linkWith = (status: 'success' | 'pending') => ({
  id: '7',
  provider: 'GOPAY',
  providerName: { en: 'GoPay', id: 'GoPay' },
  phoneNumber: '081234561234',
  accountName: 'ANDI PRATAMA',
  source: { id: '1', accountNo: '800123456701', name: 'Tabungan Xtra' },
  threshold: idr(100_000_000),
  topupAmount: idr(20_000_000),
  walletBalance: idr(status === 'success' ? 22_300_000 : 2_300_000),
  linkedAt: '2026-12-06T09:00:00.000Z',
  topups: [{ amount: idr(20_000_000), status, createdAt: '2026-12-06T09:11:57.000Z' }],
});

beforeEach(() => {
  reset();
  mocks.apiPost.mockImplementation(answer);
  setCredentials({ accessToken: 'token-abcdefghijklmnopqrstuvwxyz', expires: Date.now() + 300_000 });
});
afterEach(() => {
  cleanup();
  setCredentials(null);
});

describe('GoPay auto top-up page', () => {
  it('shows a top-up in progress turning into its outcome without a reload, and stops reading then', async () => {
    // The scheduler was booking the top-up as the page read the list (seen as a CI flake: the page
    // said "In progress" until reloaded).
    let reads = 0;
    handlers.set('/api/ewallet/v1/autotopup/list', () => ({
      links: [linkWith(++reads < 3 ? 'pending' : 'success')],
      demo: true,
    }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderRoutes(billsPublicRoutes, '/autotopup/gopay/', { lang: 'en' });
      await screen.findByText('In progress');
      await vi.advanceTimersByTimeAsync(PENDING_REREAD_MS);
      expect(callsTo('/api/ewallet/v1/autotopup/list')).toHaveLength(2);
      expect(screen.getByText('In progress')).toBeTruthy();
      await vi.advanceTimersByTimeAsync(PENDING_REREAD_MS);
      await screen.findByText('Done');
      expect(screen.getByTestId('autotopup-balance').textContent).toBe('IDR 223,000');
      await vi.advanceTimersByTimeAsync(5 * PENDING_REREAD_MS);
      expect(callsTo('/api/ewallet/v1/autotopup/list')).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
