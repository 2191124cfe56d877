import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FlowStepView } from '@/engine/ui/flow-step-view';
import type { TransactionServices } from '@/engine/services/transaction-services';
import { initI18n } from '@/shared/i18n/i18n';
import { loadFlowsFromDisk } from '@/shared/flows/load-node';
import type { Receipt } from '@/shared/flows';
import { formatMoney } from '@/shared/money';
import enCommon from '../../locales/en/common.json';
import idCommon from '../../locales/id/common.json';
import enEngine from '../../locales/en/engine.json';
import idEngine from '../../locales/id/engine.json';
import enFlows from '../../locales/en/flows.json';
import idFlows from '../../locales/id/flows.json';
import enErrors from '../../locales/en/errors.json';
import idErrors from '../../locales/id/errors.json';

const flow = loadFlowsFromDisk().flows.find((f) => f.flow.id === 'payment.bpjs')!.flow;
const idr = (amount: number) => ({ amount, currency: 'IDR' });
const inquiryCalls: unknown[] = [];
const services: TransactionServices = {
  formData: async () => ({
    sourceOfFund: [
      { value: '7', labelEng: 'Tabungan Xtra', labelIdn: 'Tabungan Xtra', detail: { currency: 'IDR' } },
    ],
  }),
  inquiry: async (_f, form) => {
    inquiryCalls.push(form);
    throw {
      kind: 'api',
      status: 422,
      errorCode: 'BILL_NOT_FOUND',
      body: {
        sourceSystem: 'ESB',
        errorCode: 'BILL_NOT_FOUND',
        message: 'x',
        errorTitleEng: 'Not found',
        errorTitleIdn: 'Tidak ditemukan',
        errorMessageEng: 'Bill not found',
        errorMessageIdn: 'Tagihan tidak ditemukan',
        fields: {
          '/form/customerNumber': {
            eng: 'No bill for this number',
            idn: 'Tidak ada tagihan untuk nomor ini',
          },
        },
      },
    };
  },
  startVerification: async () => ({
    method: 'approval',
    approvalId: 'a',
    expiresAt: new Date().toISOString(),
    resendsLeft: 3,
  }),
  resendVerification: async () => ({
    method: 'approval',
    approvalId: 'a',
    expiresAt: new Date().toISOString(),
    resendsLeft: 2,
  }),
  watchApproval: () => () => {},
  confirm: async () => ({}) as Receipt,
  saveFavourite: async (flowId, name, form) => ({ id: '1', flowId, name, form, createdAt: '' }),
  favourite: async () => undefined,
};

let i18n: ReturnType<typeof initI18n>;
beforeAll(() => {
  i18n = initI18n(
    {
      en: { common: enCommon, engine: enEngine, flows: enFlows, errors: enErrors },
      id: { common: idCommon, engine: idEngine, flows: idFlows, errors: idErrors },
    },
    'id',
  );
});
afterEach(async () => {
  cleanup();
  if (i18n.language !== 'id') await i18n.changeLanguage('id');
});

describe('FlowStepView', () => {
  it('validates with the precompiled validator in Indonesian, then shows the server inline message', async () => {
    render(<FlowStepView flow={flow} services={services} />);
    const next = await screen.findByTestId('inquiry-submit');
    await userEvent.click(next);
    expect(await screen.findByText('Silakan masukkan nomor virtual account')).toBeTruthy();
    expect(screen.getAllByText('Silakan pilih sumber dana')).toHaveLength(1);
    await userEvent.type(screen.getByLabelText(/Nomor virtual account/), '12ab34');
    await userEvent.click(next);
    expect(await screen.findByText('Nomor virtual account terdiri dari 11 sampai 16 digit')).toBeTruthy();
    expect(inquiryCalls).toEqual([]);
    // A valid form goes to the server; its 422 `fields` show under the field, in the user's language.
    await userEvent.click(screen.getByRole('combobox', { name: /Sumber dana/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Tabungan Xtra/ }));
    await userEvent.clear(screen.getByLabelText(/Nomor virtual account/));
    await userEvent.type(screen.getByLabelText(/Nomor virtual account/), '8888801234567890');
    await userEvent.click(next);
    expect(await screen.findByText('Tidak ada tagihan untuk nomor ini')).toBeTruthy();
    expect(inquiryCalls).toEqual([{ sourceOfFund: '7', customerNumber: '8888801234567890' }]);
    // The message was about that number: a changed number takes it away, and puts it back when undone.
    await userEvent.type(screen.getByLabelText(/Nomor virtual account/), '{Backspace}');
    await waitFor(() => expect(screen.queryByText('Tidak ada tagihan untuk nomor ini')).toBeNull());
    await userEvent.type(screen.getByLabelText(/Nomor virtual account/), '0');
    expect(await screen.findByText('Tidak ada tagihan untuk nomor ini')).toBeTruthy();
  }, 30_000);

  it('shows each missing field once, focuses the first, logs nothing, and picks an enum in the same kind of select', async () => {
    const sameBank = loadFlowsFromDisk().flows.find((f) => f.flow.id === 'transfer.samebank')!.flow;
    const logged = vi.spyOn(console, 'error');
    try {
      render(<FlowStepView flow={sameBank} services={services} />);
      await userEvent.click(await screen.findByTestId('inquiry-submit'));
      for (const text of [
        'Silakan pilih sumber dana',
        'Silakan masukkan nomor rekening penerima',
        'Silakan pilih tujuan transaksi',
        'Silakan masukkan nominal',
      ])
        expect(await screen.findAllByText(text)).toHaveLength(1);
      expect(logged).not.toHaveBeenCalled();
      // The amount's blank reading line gives way to its error, so the error sits right under the field.
      const amountBox = screen.getByLabelText(/Nominal/).closest('.MuiFormControl-root')!;
      expect(amountBox.querySelector('.MuiFormHelperText-root')).toBeNull();
      // A field's help stays help under an error: not in the error's red.
      const help = screen.getByText('5 sampai 18 digit').closest('.MuiFormHelperText-root')!;
      expect(help.classList.contains('Mui-error')).toBe(false);
      const source = screen.getByRole('combobox', { name: /Sumber dana/ });
      await waitFor(() =>
        expect(source.closest('.MuiFormControl-root')!.contains(document.activeElement)).toBe(true),
      );
      const purpose = screen.getByRole('combobox', { name: /Tujuan transaksi/ });
      expect(purpose.textContent).toBe('Pilih…');
      await userEvent.click(purpose);
      await userEvent.click(await screen.findByRole('option', { name: 'Keluarga' }));
      await waitFor(() => expect(purpose.textContent).toBe('Keluarga'));
      expect(screen.queryByText('Silakan pilih tujuan transaksi')).toBeNull();
      // Switched to English, the messages on show are written again in English, not left in Indonesian.
      await act(() => i18n.changeLanguage('en'));
      expect(await screen.findByText('Please choose a source of fund')).toBeTruthy();
      expect(screen.queryByText('Silakan pilih sumber dana')).toBeNull();
      expect(screen.queryByText('Silakan masukkan nominal')).toBeNull();
    } finally {
      logged.mockRestore();
    }
  }, 30_000);

  it('keeps a dependent choice closed, saying what it waits for, until that field is chosen', async () => {
    const topUp = loadFlowsFromDisk().flows.find((f) => f.flow.id === 'purchase.mobile')!.flow;
    const withOperators: TransactionServices = {
      ...services,
      formData: async () => ({
        operator: [{ value: 'tsel', labelEng: 'Telkomsel', labelIdn: 'Telkomsel' }],
        denomination: [
          {
            value: 'tsel-50',
            labelEng: 'Rp50,000',
            labelIdn: 'Rp50.000',
            detail: { operator: 'tsel', price: idr(5_150_000) },
          },
        ],
      }),
    };
    render(<FlowStepView flow={topUp} services={withOperators} />);
    const denomination = await screen.findByRole('combobox', { name: /Nominal/ });
    await waitFor(() => expect(denomination.getAttribute('aria-disabled')).toBe('true'));
    expect(screen.getByText('Pilih Operator terlebih dahulu')).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: /Operator/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Telkomsel' }));
    await waitFor(() => expect(denomination.getAttribute('aria-disabled')).toBeNull());
    expect(screen.queryByText('Pilih Operator terlebih dahulu')).toBeNull();
    await userEvent.click(denomination);
    expect(await screen.findByRole('option', { name: /Rp50\.000/ })).toBeTruthy();
  }, 30_000);

  it("chooses the operator from the mobile number (typed or pasted as +62), and clears the other operator's denomination when it changes", async () => {
    const topUp = loadFlowsFromDisk().flows.find((f) => f.flow.id === 'purchase.mobile')!.flow;
    const nominal = (value: string, op: string, label: string) => ({
      value,
      labelEng: label,
      labelIdn: label,
      detail: { operator: op, price: idr(5_200_000) },
    });
    const withOperators: TransactionServices = {
      ...services,
      formData: async () => ({
        operator: [
          { value: 'TSEL', labelEng: 'Telkomsel', labelIdn: 'Telkomsel', detail: { prefixes: ['0812'] } },
          { value: 'ISAT', labelEng: 'Indosat', labelIdn: 'Indosat', detail: { prefixes: ['0857'] } },
        ],
        denomination: [nominal('TSEL-50', 'TSEL', 'Rp50.000'), nominal('ISAT-50', 'ISAT', 'Rp50.001')],
      }),
    };
    const logged = vi.spyOn(console, 'error');
    try {
      render(<FlowStepView flow={topUp} services={withOperators} />);
      const operator = await screen.findByRole('combobox', { name: /Operator/ });
      const denomination = screen.getByRole('combobox', { name: /Nominal/ });
      const phone = screen.getByLabelText(/Nomor ponsel/);
      await waitFor(() => expect(denomination.getAttribute('aria-disabled')).toBe('true'));
      await userEvent.type(phone, '0812345678');
      await waitFor(() => expect(operator.textContent).toBe('Telkomsel'));
      expect(screen.getByText('Terdeteksi dari Nomor ponsel')).toBeTruthy();
      await userEvent.click(denomination);
      await userEvent.click(await screen.findByRole('option', { name: /Rp50\.000/ }));
      await waitFor(() => expect(denomination.textContent).toMatch(/Rp50\.000/));
      // Another operator's number: its operator, and no denomination of the first one.
      await userEvent.clear(phone);
      await userEvent.type(phone, '0857345678');
      await waitFor(() => expect(operator.textContent).toBe('Indosat'));
      expect(denomination.textContent).toBe('Pilih…');
      // A number pasted from a contact card: separators dropped, +62 made local, nothing cut short.
      await userEvent.clear(phone);
      await userEvent.click(phone);
      await userEvent.paste('+62 812-9876-5431');
      expect((phone as HTMLInputElement).value).toBe('081298765431');
      await waitFor(() => expect(operator.textContent).toBe('Telkomsel'));
      expect(logged).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  }, 30_000);

  it('keeps the cents typed into an amount, and reads thousands grouped either way', async () => {
    const own = loadFlowsFromDisk().flows.find((f) => f.flow.id === 'transfer.own')!.flow;
    const sent: Record<string, unknown>[] = [];
    const accounts: TransactionServices = {
      ...services,
      formData: async () => ({
        sourceOfFund: [
          { value: '1', labelEng: 'Dollar', labelIdn: 'Dollar', detail: { currency: 'USD' } },
          { value: '2', labelEng: 'Tabungan', labelIdn: 'Tabungan', detail: { currency: 'IDR' } },
        ],
        beneficiaryAccount: [{ value: '3', labelEng: 'Giro', labelIdn: 'Giro', detail: { currency: 'IDR' } }],
      }),
      inquiry: async (f, form) => {
        sent.push(form);
        return services.inquiry(f, form); // a 422: the form stays, for the next amount
      },
    };
    render(<FlowStepView flow={own} services={accounts} />);
    const amount = await screen.findByLabelText(/Nominal/);
    const pick = async (name: RegExp, option: RegExp) => {
      await userEvent.click(screen.getByRole('combobox', { name }));
      await userEvent.click(await screen.findByRole('option', { name: option }));
    };
    await pick(/Sumber dana/, /Dollar/);
    await pick(/Rekening tujuan/, /Giro/);
    const typed = async (text: string) => {
      await userEvent.clear(amount);
      await userEvent.type(amount, text);
      await userEvent.tab();
      await userEvent.click(screen.getByTestId('inquiry-submit'));
      await waitFor(() => expect(sent.length).toBeGreaterThan(0));
      return { value: (amount as HTMLInputElement).value, minor: sent.splice(0).at(-1)!.amount };
    };
    // While typing, the field keeps the separators and says what it reads underneath.
    await userEvent.type(amount, '10,5');
    expect((amount as HTMLInputElement).value).toBe('10,5');
    expect(screen.getByText(formatMoney({ amount: 1_050, currency: 'USD' }, 'id'))).toBeTruthy();
    // Indonesian: comma for cents, dots (or commas, several) for thousands.
    expect(await typed('10,50')).toEqual({ value: '10,50', minor: 1_050 });
    expect(await typed('1.500.000')).toEqual({ value: '1.500.000', minor: 150_000_000 });
    expect(await typed('1,500,000')).toEqual({ value: '1.500.000', minor: 150_000_000 });
    expect(await typed('1.234,5')).toEqual({ value: '1.234,50', minor: 123_450 });
    expect(await typed('0,07')).toEqual({ value: '0,07', minor: 7 });
  }, 60_000);

  it('shows a pending receipt as in progress, with its fees, total and time in WIB', async () => {
    const receipt: Receipt = {
      referenceNo: 'TRX9',
      status: 'pending',
      flowId: flow.id,
      amount: idr(15_000_000),
      fees: [{ kind: 'admin', amount: idr(250_000) }],
      total: idr(15_250_000),
      details: { customerName: 'SITI' },
      createdAt: '2026-11-23T15:48:53Z',
    };
    render(
      <FlowStepView
        flow={flow}
        services={services}
        state={{ receipt, form: { customerNumber: '8888801234567890' }, labels: {} }}
      />,
    );
    const view = await screen.findByTestId('receipt-view');
    expect(view.getAttribute('data-status')).toBe('pending');
    expect(screen.getAllByText('Transaksi sedang diproses').length).toBeGreaterThan(0);
    expect(screen.getByText('Silakan periksa riwayat transaksi Anda nanti.')).toBeTruthy();
    expect(screen.getByText('Rp 2.500')).toBeTruthy();
    expect(screen.getByText('Rp 152.500')).toBeTruthy();
    expect(screen.getByText('SITI')).toBeTruthy();
    // The bank's time on any device (this test runs in the machine's zone).
    expect(screen.getByText('23/11/2026, 22.48.53 WIB')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('receipt-pdf')).toBeTruthy());
  });
});
