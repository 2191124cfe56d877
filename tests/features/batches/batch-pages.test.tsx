import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiFailure, apiPost } from '@/shared/api/client';
import { batchRoutes as ROUTES } from '@/features/batches/routes';
import type { Batch, BatchRow } from '@/features/batches/api';
import type { Lang } from '@/shared/i18n/i18n';
import { answer, callsTo, handlers, otpChallenge, reset } from '../auth/api-mock';
import { renderRoutes } from '../auth/render';

const mocks = { apiPost: vi.mocked(apiPost) };

const renderAt = (path: string, lang: Lang = 'en', state?: unknown) =>
  renderRoutes(ROUTES, path, { lang, state }).router;
const idr = (amount: number) => ({ amount, currency: 'IDR' });
const BATCH = '0b8e4f9a-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const HERE = (r: { state: { location: { pathname: string; search: string } } }) =>
  r.state.location.pathname + r.state.location.search;

const good = (line: number, account: string, name: string, amount: number): BatchRow => ({
  line,
  cells: { account_no: account, amount: String(amount / 100) },
  flowId: 'transfer.samebank',
  ok: true,
  errors: [],
  name,
  bankName: 'Bank CIMB Niaga',
  amount: idr(amount),
  fee: idr(0),
  total: idr(amount),
});
const draft = (over: Partial<Batch> = {}): Batch => ({
  batchId: BATCH,
  kind: 'transfer',
  sourceOfFund: '11',
  status: 'draft',
  runDate: null,
  replaces: null,
  today: '2026-11-26',
  rows: [
    good(2, '800123456837', 'RINA KUSUMAWATI', 150_000_00),
    {
      line: 3,
      cells: { account_no: '800999999999', amount: '75000' },
      flowId: null,
      ok: false,
      errors: [
        {
          field: 'account_no',
          eng: 'Beneficiary account number is not found',
          idn: 'Nomor rekening penerima tidak ditemukan',
        },
      ],
    },
    {
      line: 4,
      cells: { account_no: '800123456837', amount: '150000' },
      flowId: null,
      ok: false,
      errors: [{ field: 'account_no', eng: 'Duplicate of row 2', idn: 'Duplikat baris 2' }],
    },
  ],
  valid: 1,
  invalid: 2,
  total: idr(150_000_00),
  fees: idr(0),
  totals: [
    {
      accountId: 11,
      accountNo: '800123456701',
      currency: 'IDR',
      amount: 150_000_00,
      available: 1_000_000_00,
      enough: true,
    },
  ],
  overLimit: null,
  maxRows: 1000,
  ...over,
});
const failure = (fields: Record<string, { eng: string; idn: string }>, code = 'INVALID_SHEET') =>
  new ApiFailure('api', 422, {
    sourceSystem: 'CLICKS',
    errorCode: code,
    message: 'x',
    errorTitleEng: 'Upload failed, please try again',
    errorTitleIdn: 'Unggah gagal, silakan coba lagi',
    errorMessageEng: 'x',
    errorMessageIdn: 'x',
    fields,
  });

beforeEach(() => {
  reset();
  mocks.apiPost.mockImplementation(answer);
  handlers.set('/api/transaction/v1/formdata', () => ({
    choices: {
      sourceOfFund: [{ value: '11', labelEng: 'Tabungan 800123456701', labelIdn: 'Tabungan 800123456701' }],
    },
  }));
});
afterEach(() => cleanup());

describe('mass transfer: the rows', () => {
  it('uploads a sheet for the chosen account and shows every bad row with its own reason, fixes one and drops another', async () => {
    handlers.set('/api/masstransfer/v1/upload', () => draft());
    handlers.set('/api/batch/v1/get', () => draft());
    const router = renderAt('/transfer/mass-transfer/');
    await screen.findByText('Tabungan 800123456701');
    const file = new File(['account_no,amount\n800123456837,150000\n'], 'payroll.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('batch-file'), { target: { files: [file] } });
    await waitFor(() => expect(HERE(router)).toBe(`/transfer/mass-transfer/inquiry/?batch=${BATCH}`));
    const sent = callsTo('/api/masstransfer/v1/upload')[0] as FormData;
    expect(sent.get('sourceOfFund')).toBe('11');
    expect((sent.get('file') as File).name).toBe('payroll.csv');

    // Only the rows to fix are shown first, each with its reason on its column.
    await screen.findByTestId('batch-rows');
    expect(screen.getByTestId('batch-valid').textContent).toBe('1 ready');
    expect(screen.getByTestId('batch-invalid').textContent).toBe('2 need a fix');
    const errors = screen.getAllByTestId('batch-row-error').map((e) => e.textContent);
    expect(errors).toEqual([
      'Account number: Beneficiary account number is not found',
      'Account number: Duplicate of row 2',
    ]);
    expect(screen.getByTestId('batch-fix-first')).toBeTruthy();

    handlers.set('/api/batch/v1/row/update', () =>
      draft({
        rows: [draft().rows[0]!, good(3, '800123456845', 'DEWI LESTARI', 75_000_00), draft().rows[2]!],
        valid: 2,
        invalid: 1,
      }),
    );
    const rows = screen.getAllByTestId('batch-row');
    fireEvent.click(within(rows[0]!).getByTestId('batch-row-fix'));
    const account = (await screen.findByTestId('batch-fix-account_no')) as HTMLInputElement;
    expect(account.value).toBe('800999999999');
    fireEvent.change(account, { target: { value: '800123456845' } });
    fireEvent.click(screen.getByTestId('batch-fix-save'));
    await waitFor(() => expect(screen.getByTestId('batch-valid').textContent).toBe('2 ready'));
    expect(callsTo('/api/batch/v1/row/update')[0]).toMatchObject({
      batchId: BATCH,
      line: 3,
      cells: { account_no: '800123456845', amount: '75000' },
    });

    handlers.set('/api/batch/v1/row/remove', () =>
      draft({
        rows: [draft().rows[0]!, good(3, '800123456845', 'DEWI LESTARI', 75_000_00)],
        valid: 2,
        invalid: 0,
      }),
    );
    fireEvent.click(within(screen.getAllByTestId('batch-row')[0]!).getByTestId('batch-row-remove'));
    await waitFor(() => expect(screen.queryByTestId('batch-fix-first')).toBeNull());
    expect(callsTo('/api/batch/v1/row/remove')[0]).toEqual({ batchId: BATCH, lines: [4] });
    expect(screen.getAllByTestId('batch-row-name').map((n) => n.textContent)).toEqual([
      'RINA KUSUMAWATI · Bank CIMB Niaga',
      'DEWI LESTARI · Bank CIMB Niaga',
    ]);
  });

  it('says why a file is not a sheet under the upload, in Indonesian, and nothing else changes', async () => {
    handlers.set('/api/masstransfer/v1/upload', () => {
      throw failure({
        '/file': {
          eng: 'The file is not a CSV or Excel (XLSX) sheet.',
          idn: 'Berkas bukan lembar CSV atau Excel (XLSX).',
        },
      });
    });
    const router = renderAt('/transfer/mass-transfer/', 'id');
    await screen.findByText('Tabungan 800123456701');
    fireEvent.change(screen.getByTestId('batch-file'), { target: { files: [new File(['%PDF'], 'x.pdf')] } });
    expect((await screen.findByTestId('batch-sheet-error')).textContent).toBe(
      'Berkas bukan lembar CSV atau Excel (XLSX).',
    );
    expect(HERE(router)).toBe('/transfer/mass-transfer/');
  });

  it('puts a date in the past on the date field, and sends a good batch to its verification', async () => {
    handlers.set('/api/batch/v1/get', () => draft({ rows: [draft().rows[0]!], valid: 1, invalid: 0 }));
    handlers.set('/api/batch/v1/verification', (body) => {
      if ((body as { date: string | null }).date)
        throw failure(
          { '/date': { eng: 'The date must be after today', idn: 'Tanggal harus setelah hari ini' } },
          'INVALID_SCHEDULE',
        );
      return { ...draft({ status: 'waiting' }), method: 'otp', otp: otpChallenge() };
    });
    const router = renderAt(`/transfer/mass-transfer/inquiry/?batch=${BATCH}`);
    await screen.findByTestId('batch-rows');
    fireEvent.click(screen.getByLabelText('On a date'));
    fireEvent.change(screen.getByTestId('batch-date'), { target: { value: '2026-11-25' } });
    fireEvent.click(screen.getByTestId('batch-verify-otp'));
    expect(await screen.findByText('The date must be after today')).toBeTruthy();
    expect(HERE(router)).toBe(`/transfer/mass-transfer/inquiry/?batch=${BATCH}`);
    fireEvent.click(screen.getByLabelText('Now'));
    fireEvent.click(screen.getByTestId('batch-verify-otp'));
    await waitFor(() => expect(HERE(router)).toBe(`/transfer/mass-transfer/verify/?batch=${BATCH}`));
    expect(callsTo('/api/batch/v1/verification').at(-1)).toEqual({
      batchId: BATCH,
      method: 'otp',
      date: null,
    });
  });
});

describe('mass transfer: verify and results', () => {
  it('sends back to the rows when the verify page is opened without its step', async () => {
    handlers.set('/api/batch/v1/get', () => draft());
    const router = renderAt(`/transfer/mass-transfer/verify/?batch=${BATCH}`);
    await waitFor(() => expect(HERE(router)).toBe(`/transfer/mass-transfer/inquiry/?batch=${BATCH}`));
  });

  it('confirms with the OTP once and shows each row’s own result, with the result file', async () => {
    const v = { ...draft({ status: 'waiting', valid: 2 }), method: 'otp', otp: otpChallenge() };
    handlers.set('/api/batch/v1/confirm', () => ({ status: 'done' }));
    const done = draft({
      status: 'done',
      rows: [
        {
          ...good(2, '800123456837', 'RINA KUSUMAWATI', 150_000_00),
          status: 'success',
          referenceNo: '2611260000000001',
        },
        {
          ...good(3, '1234567890', 'SITI RAHAYU', 75_000_00),
          status: 'failed',
          reason: { eng: 'The beneficiary account is closed', idn: 'Rekening penerima sudah ditutup' },
        },
      ],
      valid: 2,
      invalid: 0,
    });
    handlers.set('/api/batch/v1/get', () => done);
    const router = renderAt(`/transfer/mass-transfer/verify/?batch=${BATCH}`, 'id', { verification: v });
    expect((await screen.findByTestId('batch-verify-summary')).textContent).toContain('2 baris');
    // The code sent again, on the same request.
    handlers.set('/api/batch/v1/verification/resend', () => ({
      method: 'otp',
      otp: otpChallenge({ refNumber: 'CD34' }),
    }));
    fireEvent.click(screen.getByTestId('batch-resend'));
    expect((await screen.findByRole('status')).textContent).toBe('Sudah dikirim ulang.');
    expect(callsTo('/api/batch/v1/verification/resend')).toEqual([{ batchId: BATCH }]);
    expect(screen.getByTestId('batch-verify').textContent).toContain('CD34');
    fireEvent.change(screen.getByTestId('batch-otp'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('batch-confirm'));
    await waitFor(() => expect(HERE(router)).toBe(`/transfer/mass-transfer/receipt/?batch=${BATCH}`));
    expect(callsTo('/api/batch/v1/confirm')).toEqual([{ batchId: BATCH, otp: '123456' }]);
    expect((await screen.findByTestId('batch-result-counts')).textContent).toBe(
      '1 berhasil, 0 sedang diproses, 1 gagal',
    );
    const rows = screen.getAllByTestId('batch-row');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['success', 'failed']);
    expect(within(rows[0]!).getByTestId('batch-row-result').textContent).toBe('No. ref. 2611260000000001');
    expect(within(rows[1]!).getByTestId('batch-row-result').textContent).toBe(
      'Rekening penerima sudah ditutup',
    );
    expect(screen.getByTestId('batch-download-result').textContent).toBe('Unduh berkas hasil (CSV)');
  });

  it('opens a scheduled batch for editing as a draft on its rows page', async () => {
    handlers.set('/api/batch/v1/edit', () =>
      draft({ batchId: BATCH, replaces: 'old', runDate: '2026-12-24' }),
    );
    handlers.set('/api/batch/v1/get', () => draft({ replaces: 'old', runDate: '2026-12-24' }));
    const router = renderAt(
      '/mytransaction/edit-scheduled-masstransaction/?id=7e0b8e4f-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
    );
    await waitFor(() => expect(HERE(router)).toBe(`/transfer/mass-transfer/inquiry/?batch=${BATCH}`));
    expect((await screen.findByTestId('batch-editing')).textContent).toBe(
      'You are changing the batch scheduled for 24 Dec 2026. It stays as it was until you verify the change.',
    );
    expect((screen.getByTestId('batch-date') as HTMLInputElement).value).toBe('2026-12-24');
  });
});

describe('mass payment', () => {
  it('lists the biller codes on demand and checks typed rows of biller and customer number', async () => {
    handlers.set('/api/masspayment/v1/billers', () => ({
      billers: [
        {
          code: 'bpjs',
          flowId: 'payment.bpjs',
          labelEng: 'BPJS Health',
          labelIdn: 'BPJS Kesehatan',
          needsProduct: false,
          needsAmount: false,
        },
        {
          code: 'PAMJAYA',
          flowId: 'payment.utility-water',
          labelEng: 'PAM Jaya (Jakarta)',
          labelIdn: 'PAM Jaya (Jakarta)',
          needsProduct: false,
          needsAmount: false,
        },
      ],
    }));
    handlers.set('/api/masspayment/v1/create', () => draft({ kind: 'payment', batchId: BATCH }));
    const router = renderAt('/payment/mass-payment/inquiry/');
    fireEvent.click(await screen.findByTestId('batch-biller-toggle'));
    expect(screen.getByTestId('batch-biller-codes').textContent).toBe(
      'bpjs BPJS HealthPAMJAYA PAM Jaya (Jakarta)',
    );
    const typed = screen.getByTestId('batch-typed-row');
    fireEvent.change(within(typed).getByLabelText('Biller'), { target: { value: 'bpjs' } });
    fireEvent.change(within(typed).getByLabelText('Customer number'), { target: { value: '8888801234567' } });
    fireEvent.click(screen.getByTestId('batch-check-typed'));
    await waitFor(() => expect(HERE(router)).toBe(`/payment/mass-payment/inquiry/?batch=${BATCH}`));
    expect(callsTo('/api/masspayment/v1/create')).toEqual([
      {
        sourceOfFund: '11',
        rows: [{ biller: 'bpjs', customer_no: '8888801234567', product: '', amount: '' }],
      },
    ]);
  });
});
