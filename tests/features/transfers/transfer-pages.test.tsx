import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPost } from '@/shared/api/client';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { transferRoutes as ROUTES } from '@/features/transfers/routes';
import type { Lang } from '@/shared/i18n/i18n';
import { answer, handlers, reset } from '../auth/api-mock';
import { renderRoutes } from '../auth/render';

const mocks = { apiPost: vi.mocked(apiPost) };

const renderAt = (path: string, lang: Lang = 'en') => renderRoutes(ROUTES, path, { lang }).router;
const idr = (amount: number) => ({ amount, currency: 'IDR' });

const monthly = {
  id: '1',
  flowId: 'transfer.samebank',
  summary: {
    beneficiaryName: 'SITI RAHAYU',
    beneficiaryAccountNo: '800123456789',
    bankName: 'Bank CIMB Niaga',
  },
  amount: idr(150_000_000),
  kind: 'recurring',
  recurrence: { every: 'month', dayOfMonth: 'EOM' },
  startDate: '2026-11-30',
  endDate: null,
  maxRuns: 12,
  businessDaysOnly: false,
  mass: false,
  status: 'active',
  nextRunDate: '2026-12-31',
  nextRunAt: '2026-12-30T23:00:00.000Z',
  runsDone: 1,
  version: 2,
  runs: [
    { runDate: '2026-11-30', status: 'success', attempts: 1, referenceNo: '2611300123456789', reason: null },
  ],
};
const once = {
  ...monthly,
  id: '2',
  summary: {
    beneficiaryName: 'AGUS PRATAMA',
    beneficiaryAccountNo: '1370012345678',
    bankName: 'Bank Mandiri',
  },
  amount: idr(200_000_000),
  kind: 'once',
  recurrence: null,
  startDate: '2026-12-24',
  maxRuns: null,
  businessDaysOnly: true,
  nextRunDate: '2026-12-24',
  runsDone: 0,
  runs: [],
};
const finished = {
  ...once,
  id: '3',
  status: 'finished',
  nextRunDate: null,
  runs: [{ ...monthly.runs[0], status: 'failed', referenceNo: null }],
};

beforeEach(() => {
  reset();
  mocks.apiPost.mockImplementation(answer);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('My Transactions: scheduled transfers', () => {
  it('lists each transfer with how often it runs, its next run and last result, with edit and delete for open ones', async () => {
    handlers.set('/api/schedule/v1/list', () => ({
      today: '2026-11-25',
      instructions: [monthly, once, finished],
    }));
    const router = renderAt('/mytransaction/');
    const cards = await screen.findAllByTestId('scheduled');
    expect(within(cards[0]!).getByTestId('scheduled-when').textContent).toBe(
      'Every month, at the end of the month, 1 of 12 transfers made',
    );
    expect(within(cards[0]!).getByTestId('scheduled-next').textContent).toBe('Next transfer: 31 Dec 2026');
    expect(cards[0]!.textContent).toContain('Last: 30 Nov 2026, done · ref. 2611300123456789');
    expect(within(cards[1]!).getByTestId('scheduled-when').textContent).toBe('Once, on 24 Dec 2026');
    expect(cards[1]!.textContent).toContain('On a weekend or bank holiday it runs on the next business day.');
    // A finished one shows its failure and offers no edit or delete.
    expect(cards[2]!.textContent).toContain('Finished');
    expect(within(cards[2]!).queryByTestId('scheduled-delete')).toBeNull();
    fireEvent.click(within(cards[0]!).getByRole('link', { name: 'Delete the transfer to SITI RAHAYU' }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/mytransaction/delete-scheduled/inquiry/?instruction=1',
      ),
    );
  });

  it('lists a scheduled mass transfer once, edited and deleted as a whole (no row on its own)', async () => {
    const mass = {
      ...once,
      id: '0b8e4f9a-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
      mass: true,
      summary: {},
      amount: idr(475_000_00),
    };
    handlers.set('/api/schedule/v1/list', () => ({ today: '2026-11-25', instructions: [mass] }));
    const router = renderAt('/mytransaction/');
    const card = await screen.findByTestId('scheduled');
    expect(card.textContent).toContain('Mass transfer');
    expect(within(card).getByTestId('scheduled-amount').textContent).toBe('IDR 475,000');
    fireEvent.click(within(card).getByTestId('scheduled-edit'));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        `/mytransaction/edit-scheduled-masstransaction/?id=${mass.id}`,
      ),
    );
  });

  it('deletes a scheduled mass transfer as a whole: its Delete opens the verified flow with the batch chosen', async () => {
    const mass = { ...once, id: '0b8e4f9a-1c2d-4e5f-8a9b-0c1d2e3f4a5b', mass: true, summary: {} };
    handlers.set('/api/schedule/v1/list', () => ({ today: '2026-11-25', instructions: [mass] }));
    const router = renderAt('/mytransaction/');
    const card = await screen.findByTestId('scheduled');
    fireEvent.click(
      within(card).getByRole('link', { name: 'Delete the whole mass transfer: every transfer of it' }),
    );
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        `/mytransaction/delete-scheduled/inquiry/?instruction=batch%3A${mass.id}`,
      ),
    );
  });

  it('speaks Indonesian, and says how to schedule when there is nothing', async () => {
    handlers.set('/api/schedule/v1/list', () => ({ today: '2026-11-25', instructions: [monthly] }));
    renderAt('/mytransaction/', 'id');
    expect((await screen.findByTestId('scheduled-when')).textContent).toBe(
      'Setiap bulan, pada akhir bulan, 1 dari 12 transfer dilakukan',
    );
    cleanup();
    handlers.set('/api/schedule/v1/list', () => ({ today: '2026-11-25', instructions: [] }));
    renderAt('/mytransaction/');
    expect((await screen.findByTestId('scheduled-empty')).textContent).toContain(
      'choose “Specific date” or “Recurring”',
    );
  });
});

describe('Underlying documents', () => {
  const declaration = {
    exempt: false,
    month: '2026-11',
    monthTotalUsd: { amount: 12_345_00, currency: 'USD' },
    thresholdUsd: { amount: 100_000_00, currency: 'USD' },
    receiptDeclarationUsd: { amount: 25_000_00, currency: 'USD' },
    documentRequired: false,
    documentsOnFile: 1,
  };
  const doc = {
    id: '9',
    docType: 'education',
    description: 'Tuition Melbourne',
    fileName: 'tuition.pdf',
    mime: 'application/pdf',
    size: 48_000,
    uploadedAt: '2026-11-20T03:00:00.000Z',
  };

  it('shows the month’s purchases against USD 100,000 with the rules, and the documents on file', async () => {
    handlers.set('/api/transfer/v1/underlying-document/list', () => ({ documents: [doc] }));
    handlers.set('/api/transfer/v1/declaration', () => declaration);
    renderAt('/transfer/manage-underlaying-document/');
    expect((await screen.findByTestId('declaration-total')).textContent).toBe(
      'USD 12,345.00 of USD 100,000.00',
    );
    const summary = screen.getByTestId('declaration-summary').textContent!;
    expect(summary).toContain('November 2026');
    expect(summary).toContain('A purchase of more than USD 25,000.00 carries a declaration on its receipt.');
    expect(summary).toContain('Thai baht (THB) and Malaysian ringgit (MYR) are exempt');
    expect((await screen.findByTestId('document')).textContent).toContain(
      'Tuition or education bill · uploaded 20 Nov 2026 · 47 KB',
    );
  });

  it('refuses a file of another type before sending it, and shows “Upload failed, please try again” with the server’s reason', async () => {
    handlers.set('/api/transfer/v1/underlying-document/list', () => ({ documents: [] }));
    handlers.set('/api/transfer/v1/declaration', () => declaration);
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            apierror: {
              sourceSystem: 'CLICKS',
              errorCode: 'UPLOAD_FAILED',
              message: 'x',
              errorTitleEng: 'Upload failed, please try again',
              errorTitleIdn: 'Unggah gagal, silakan coba lagi',
              errorMessageEng: 'Only PDF, JPG and PNG files can be uploaded.',
              errorMessageIdn: 'Hanya berkas PDF, JPG, dan PNG yang dapat diunggah.',
            },
          }),
          { status: 415, headers: { 'content-type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/transfer/manage-underlaying-document/', 'id');
    await screen.findByTestId('documents-empty');
    const input = screen.getByTestId('document-file') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.docx')] } });
    expect(screen.getByTestId('document-file-help').textContent).toBe(
      'Hanya berkas PDF, JPG, dan PNG yang dapat diunggah.',
    );
    fireEvent.change(screen.getByTestId('document-type'), { target: { value: 'invoice' } });
    // A PDF by name whose bytes the server refuses.
    fireEvent.change(input, {
      target: { files: [new File(['<html>'], 'fake.pdf', { type: 'application/pdf' })] },
    });
    fireEvent.click(screen.getByTestId('document-upload'));
    expect((await screen.findByTestId('upload-failed')).textContent).toBe(
      'Unggah gagal, silakan coba lagi Hanya berkas PDF, JPG, dan PNG yang dapat diunggah.',
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const form = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as FormData;
    expect(form.get('docType')).toBe('invoice');
  });
});
