import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { dashboardRoutes as ROUTES } from '@/features/dashboard/routes';
import type { Lang } from '@/shared/i18n/i18n';
import { answer, apiError, callsTo, handlers, reset } from '../auth/api-mock';
import { renderRoutes } from '../auth/render';
import { budi } from './fixtures';

const mocks = vi.hoisted(() => ({ apiPost: vi.fn() }));
vi.mock('@/shared/api/client', async (io) => ({ ...(await io<object>()), apiPost: mocks.apiPost }));

const idr = (amount: number) => ({ amount, currency: 'IDR' });
const entry = (id: number, over: Record<string, unknown>) => ({
  id,
  referenceNo: `26112500000000${id}`,
  postedAt: '2026-11-25T03:04:05.000Z',
  description: 'Pembayaran BPJS Kesehatan',
  descriptionIdn: 'Pembayaran BPJS Kesehatan',
  descriptionEng: 'BPJS Kesehatan payment',
  flowId: 'payment.bpjs',
  status: 'success',
  type: 'debit',
  amount: idr(130_270_000),
  ...over,
});
const page = (n: number, entries: unknown[], hasMore: boolean) => ({
  accountId: 1,
  accountNo: '100200300401',
  product: 'savings',
  currency: 'IDR',
  from: '2026-10-26',
  to: '2026-11-25',
  page: n,
  pageSize: 20,
  hasMore,
  entries,
});

const renderAt = (path: string, lang: Lang = 'en') => renderRoutes(ROUTES, path, { lang }).router;

beforeEach(() => {
  reset();
  mocks.apiPost.mockImplementation(answer);
  handlers.set('/api/dashboard/v1/summary', () => budi);
});
afterEach(cleanup);

describe('account history', () => {
  it('lists what was posted, in the customer’s language, with a payment in progress and a failed one said so', async () => {
    handlers.set('/api/account/v1/history', () =>
      page(
        1,
        [
          entry(3, { status: 'pending' }),
          entry(2, { status: 'failed', type: 'credit' }),
          entry(1, {
            flowId: 'seed',
            description: 'Gaji November',
            descriptionIdn: 'Gaji November',
            descriptionEng: 'November salary',
            type: 'credit',
            amount: idr(1_500_000_000),
          }),
        ],
        false,
      ),
    );
    renderAt('/myaccount/history/casa/?account=1&from=2026-10-26&to=2026-11-25', 'id');
    const rows = await screen.findAllByTestId('history-entry');
    expect(rows.map((r) => [r.dataset.status, r.textContent])).toEqual([
      [
        'pending',
        expect.stringMatching(
          /^Pembayaran BPJS Kesehatan25\/11\/2026, 10\.04\.05 WIB · Ref\. 261125000000003Sedang diproses−Rp 1\.302\.700$/,
        ),
      ],
      ['failed', expect.stringMatching(/Gagal\+Rp 1\.302\.700$/)],
      // Each page in its language only, never "Gaji November / November salary".
      ['success', expect.stringMatching(/^Gaji November25.*\+Rp 15\.000\.000$/)],
    ]);
    expect(screen.getByTestId('history-period').textContent).toBe('26 Okt 2026 sampai 25 Nov 2026');
    expect(callsTo('/api/account/v1/history')).toEqual([
      { accountId: 1, from: '2026-10-26', to: '2026-11-25', page: 1 },
    ]);
  });

  it('shows the next page under the first, and says when a period has nothing', async () => {
    handlers.set('/api/account/v1/history', (body) => {
      const b = body as { accountId: number; page: number };
      if (b.accountId === 4) throw apiError(404, 'CLICKS', '5071', 'No transactions', 'Tidak ada transaksi');
      return b.page === 1 ? page(1, [entry(2, {})], true) : page(2, [entry(1, {})], false);
    });
    const router = renderAt('/myaccount/history/casa/?account=1');
    await screen.findAllByTestId('history-entry');
    fireEvent.click(screen.getByTestId('history-more'));
    await waitFor(() => expect(screen.getAllByTestId('history-entry')).toHaveLength(2));
    // The English page reads the English line.
    expect(screen.getAllByTestId('history-entry')[0]!.textContent).toMatch(/^BPJS Kesehatan payment/);
    expect(screen.queryByTestId('history-more')).toBeNull();
    // Another account: the URL says which, and its empty period is said in place.
    fireEvent.mouseDown(within(screen.getByTestId('history-account')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: /100200300404/ }));
    expect((await screen.findByTestId('history-empty')).textContent).toBe(
      'No transactions There are no transactions for the selected period.',
    );
    expect(router.state.location.search).toBe('?account=4');
  });

  it('refuses a period the bank does not keep in one view before asking', async () => {
    handlers.set('/api/account/v1/history', () => page(1, [entry(1, {})], false));
    const router = renderAt('/myaccount/history/casa/?account=1&from=2026-10-26&to=2026-11-25');
    await screen.findAllByTestId('history-entry');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01-01' } });
    expect(await screen.findByText('Choose a period of at most 366 days.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-12-01' } });
    expect(await screen.findByText('The start date must not be after the end date.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(router.state.location.search).toBe('?account=1&from=2026-10-26&to=2026-11-25');
    expect(callsTo('/api/account/v1/history')).toHaveLength(1);
  });
});
