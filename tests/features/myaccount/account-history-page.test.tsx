import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPost, apiPostFile } from '@/shared/api/client';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { myAccountRoutes as ROUTES } from '@/features/myaccount/routes';
import type { Lang } from '@/shared/i18n/i18n';
import { answer, apiError, callsTo, handlers, reset } from '../auth/api-mock';
import { renderRoutes } from '../auth/render';
import { overview, cycles } from './fixtures';

// Each answer arrives after the one before (overview, card cycles, history): room for a busy machine.
configure({ asyncUtilTimeout: 5_000 });

const mocks = { apiPost: vi.mocked(apiPost), apiPostFile: vi.mocked(apiPostFile) };

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
  handlers.set('/api/myaccount/v1/overview', () => overview);
  handlers.set('/api/statement/v1/months', () => ({ accountId: 1, product: 'savings', months: ['2026-10'] }));
});
afterEach(cleanup);

describe('account history (savings and current)', () => {
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

  it('narrows to a search and a direction kept in the URL, and refuses a search shorter than 3 characters', async () => {
    handlers.set('/api/account/v1/history', () => page(1, [entry(1, {})], false));
    const router = renderAt('/myaccount/history/casa/?account=1&from=2026-10-26&to=2026-11-25');
    await screen.findAllByTestId('history-entry');
    fireEvent.change(screen.getByTestId('history-search'), { target: { value: 'bp' } });
    expect(await screen.findByText('Type at least 3 characters.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(callsTo('/api/account/v1/history')).toHaveLength(1);
    fireEvent.change(screen.getByTestId('history-search'), { target: { value: 'bpjs' } });
    fireEvent.mouseDown(within(screen.getByTestId('history-direction')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Money out' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(callsTo('/api/account/v1/history')).toHaveLength(2));
    expect(callsTo('/api/account/v1/history')[1]).toEqual({
      accountId: 1,
      from: '2026-10-26',
      to: '2026-11-25',
      page: 1,
      search: 'bpjs',
      direction: 'debit',
    });
    expect(router.state.location.search).toBe('?account=1&from=2026-10-26&to=2026-11-25&q=bpjs&dir=debit');
  });

  it('downloads what the filters show as PDF or CSV, and the month’s e-statement', async () => {
    handlers.set('/api/account/v1/history', () => page(1, [entry(1, {})], false));
    mocks.apiPostFile.mockResolvedValue({ blob: new Blob(['x']), fileName: 'f.pdf' });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    // jsdom cannot follow a download link; the file handed over is what the test checks.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderAt('/myaccount/history/casa/?account=1&from=2026-10-26&to=2026-11-25&q=bpjs');
    await screen.findAllByTestId('history-entry');
    fireEvent.click(screen.getByTestId('download-csv'));
    await waitFor(() => expect(mocks.apiPostFile).toHaveBeenCalledTimes(1));
    expect(mocks.apiPostFile.mock.calls[0]).toEqual([
      '/api/account/v1/history/download',
      expect.objectContaining({
        accountId: 1,
        from: '2026-10-26',
        to: '2026-11-25',
        search: 'bpjs',
        format: 'csv',
        lang: 'en',
      }),
    ]);
    await waitFor(() =>
      expect((screen.getByTestId('estatement-download') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('estatement-download'));
    await waitFor(() => expect(mocks.apiPostFile).toHaveBeenCalledTimes(2));
    expect(mocks.apiPostFile.mock.calls[1]).toEqual([
      '/api/statement/v1/estatement',
      { accountId: 1, month: '2026-10', lang: 'en' },
    ]);
  });

  it('says in place that an account has no e-statement (ESTAT 404)', async () => {
    handlers.set('/api/account/v1/history', () => page(1, [entry(1, {})], false));
    handlers.set('/api/statement/v1/months', () => {
      throw apiError(404, 'ESTAT', '404', 'No statement', 'Tidak ada rekening koran');
    });
    renderAt('/myaccount/history/casa/?account=1', 'id');
    expect((await screen.findByTestId('estatement-none')).textContent).toBe(
      'Rekening koran tidak tersedia Tidak ada rekening koran untuk periode yang dipilih.',
    );
  });
});

describe('credit card history', () => {
  it('reads a card by billing cycle: unbilled first, then a statement with its bill, minimum payment and due date', async () => {
    handlers.set('/api/creditcard/v1/cycles', () => cycles);
    handlers.set('/api/account/v1/history', () => ({
      ...page(1, [entry(1, { description: 'TOKOPEDIA' })], false),
      accountId: 9,
    }));
    handlers.set('/api/statement/v1/months', () => {
      throw apiError(404, 'ESTAT', '404', 'No credit card statement');
    });
    const router = renderAt('/myaccount/history/cc/');
    await screen.findAllByTestId('history-entry');
    expect(screen.getByTestId('cc-summary').dataset.cycle).toBe('unbilled');
    expect(callsTo('/api/account/v1/history')[0]).toEqual({
      accountId: 9,
      from: '2026-11-18',
      to: '2026-11-25',
      page: 1,
    });
    fireEvent.mouseDown(within(screen.getByTestId('cc-cycle')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Statement of 17 Nov 2026' }));
    await waitFor(() => expect(screen.getByTestId('cc-summary').dataset.cycle).toBe('2026-11-17'));
    expect(screen.getByTestId('cc-summary').textContent).toBe(
      'Statement date17 Nov 2026Payment due date7 Dec 2026Total billIDR 2,345,000Minimum paymentIDR 117,300' +
        'Previous billIDR 1,000,000Purchases and chargesIDR 2,345,000Payments and creditsIDR 1,000,000',
    );
    await waitFor(() => expect(callsTo('/api/account/v1/history')).toHaveLength(2));
    expect(callsTo('/api/account/v1/history')[1]).toEqual({
      accountId: 9,
      from: '2026-10-18',
      to: '2026-11-17',
      page: 1,
    });
    expect(router.state.location.search).toBe('?cycle=2026-11-17');
    // The card's e-statement months: none, in the card's own words.
    expect((await screen.findByTestId('estatement-none')).textContent).toBe(
      'No credit card statement available There is no credit card statement for the selected period.',
    );
  });
});
