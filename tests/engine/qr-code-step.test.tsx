import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readQrFrom, readQrFromFile } from '@/engine/ui/qr-image-reader';
import { FlowStepView } from '@/engine/ui/flow-step-view';
import { filledValues } from '@/engine/ui/multi-step';
import type { StepInput, TransactionServices } from '@/engine/services/transaction-services';
import { initI18n } from '@/shared/i18n/i18n';
import { loadFlowsFromDisk } from '@/shared/flows/load-node';
import type { Receipt } from '@/shared/flows';
import enCommon from '../../locales/en/common.json';
import enEngine from '../../locales/en/engine.json';
import enEngine2 from '../../locales/en/engine2.json';
import enFlows from '../../locales/en/flows.json';
import enErrors from '../../locales/en/errors.json';

// The picture's reading is the browser's (BarcodeDetector or jsQR on a canvas): Chromium runs it for
// real (tests/browser/qris.test.ts); here a picture "holds" the text its name says, or nothing (the
// reader is one of the edges tests/setup-unit.ts doubles).
beforeEach(() => {
  vi.mocked(readQrFromFile).mockImplementation(async (file) => {
    const name = (file as File).name;
    return name.startsWith('code-') ? name.slice(5, -4) : undefined;
  });
  vi.mocked(readQrFrom).mockImplementation(async () => undefined);
});

// The QRIS payment's page (flows/qris/pay.json): the code by paste or picture (the qrCode widget), then
// a last form whose amount and tip fields the code's answer shows or not (inquiry.steps[].fills), under
// what the code said of the merchant (inquiry.summary).
const flow = loadFlowsFromDisk().flows.find((f) => f.flow.id === 'qris.pay')!.flow;
const never = () => new Promise<never>(() => undefined);

function servicesAnswering(details: Record<string, unknown>) {
  const steps: StepInput[] = [];
  const inquiries: { flowId: string; form: Record<string, unknown>; stepToken?: string }[] = [];
  const services: TransactionServices = {
    formData: async () => ({
      sourceOfFund: [
        { value: '7', labelEng: 'Tabungan Xtra', labelIdn: 'Tabungan Xtra', detail: { currency: 'IDR' } },
      ],
    }),
    inquiryStep: async (input) => {
      steps.push(input);
      return { stepToken: 'tok', step: input.step, details };
    },
    inquiry: async (flowId, form, stepToken) => {
      inquiries.push({ flowId, form, stepToken });
      return never();
    },
    startVerification: never,
    resendVerification: never,
    watchApproval: () => () => {},
    confirm: async () => ({}) as Receipt,
    saveFavourite: never,
    favourite: async () => undefined,
  };
  return { services, steps, inquiries };
}

const MERCHANT = {
  merchantName: 'Kopi Santoso',
  merchantCity: 'JAKARTA SELATAN',
  nmid: 'ID1026000827310',
  mcc: '5814',
  onUs: true,
};

beforeAll(() => {
  initI18n(
    { en: { common: enCommon, engine: enEngine, engine2: enEngine2, flows: enFlows, errors: enErrors } },
    'en',
  );
});
afterEach(cleanup);

describe('QRIS payment page', () => {
  it('a pasted static code: the merchant shown above the last form, which asks for the amount and a tip', async () => {
    const { services, steps, inquiries } = servicesAnswering({
      ...MERCHANT,
      initiation: 'static',
      amountKind: 'typed',
      tipKind: 'prompt',
    });
    render(<FlowStepView flow={flow} services={services} />);
    const text = await screen.findByTestId('qr-code-text');
    fireEvent.change(text, { target: { value: '000201010211...6304D8EE' } });
    await userEvent.click(screen.getByTestId('inquiry-submit'));
    expect(await screen.findByText(/Step 2 of 2/)).toBeTruthy();
    expect(steps[0]).toEqual({
      flowId: 'qris.pay',
      step: 'code',
      form: { payload: '000201010211...6304D8EE' },
    });
    const answers = await screen.findByTestId('step-answers');
    expect(answers.textContent).toContain('Kopi Santoso');
    expect(answers.textContent).toContain('ID1026000827310');
    await userEvent.click(await screen.findByRole('combobox', { name: /Source of fund/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Tabungan Xtra/ }));
    await userEvent.type(screen.getByLabelText(/Amount to pay/), '45500');
    await userEvent.type(screen.getByLabelText(/Tip/), '5000');
    await userEvent.click(screen.getByTestId('inquiry-submit'));
    await waitFor(() => expect(inquiries).toHaveLength(1));
    expect(inquiries[0]!.form).toEqual({
      sourceOfFund: '7',
      amount: 45_500_00,
      tip: 5_000_00,
      amountKind: 'typed',
      tipKind: 'prompt',
    });
  }, 30_000);

  it("a dynamic code's amount is the code's: no amount field, nor a tip field without a tip prompt", async () => {
    const { services, inquiries } = servicesAnswering({
      ...MERCHANT,
      initiation: 'dynamic',
      amountKind: 'fixed',
      tipKind: 'none',
      codeAmount: 45_500_00,
      billNumber: 'KS-20261204-0017',
    });
    render(<FlowStepView flow={flow} services={services} />);
    fireEvent.change(await screen.findByTestId('qr-code-text'), { target: { value: 'dynamic-code' } });
    await userEvent.click(screen.getByTestId('inquiry-submit'));
    const answers = await screen.findByTestId('step-answers');
    expect(answers.textContent).toContain('Amount in the codeIDR 45,500');
    expect(answers.textContent).toContain('KS-20261204-0017');
    expect(screen.queryByLabelText(/Amount to pay/)).toBeNull();
    expect(screen.queryByLabelText(/Tip/)).toBeNull();
    await userEvent.click(await screen.findByRole('combobox', { name: /Source of fund/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Tabungan Xtra/ }));
    await userEvent.click(screen.getByTestId('inquiry-submit'));
    await waitFor(() => expect(inquiries).toHaveLength(1));
    expect(inquiries[0]!.form).toEqual({ sourceOfFund: '7', amountKind: 'fixed', tipKind: 'none' });
  }, 30_000);

  it('an uploaded picture fills the code; a picture without one says so', async () => {
    const { services } = servicesAnswering({ ...MERCHANT, amountKind: 'typed', tipKind: 'none' });
    render(<FlowStepView flow={flow} services={services} />);
    const file = await screen.findByTestId('qr-code-file');
    await userEvent.upload(file, new File(['x'], 'holiday.png', { type: 'image/png' }));
    expect((await screen.findByTestId('qr-code-unreadable')).textContent).toMatch(/No QR code could be read/);
    await userEvent.upload(file, new File(['x'], 'code-00020101.png', { type: 'image/png' }));
    expect((await screen.findByTestId('qr-code-read')).textContent).toBe('Code read from the picture');
    expect((screen.getByTestId('qr-code-text') as HTMLTextAreaElement).value).toBe('00020101');
    expect(screen.queryByTestId('qr-code-unreadable')).toBeNull();
  }, 30_000);

  it('fills what each answered step names, and nothing of a step that did not answer', () => {
    expect(filledValues(flow, {})).toEqual({});
    expect(
      filledValues(flow, { code: { amountKind: 'typed', tipKind: 'percent', merchantName: 'X' } }),
    ).toEqual({
      amountKind: 'typed',
      tipKind: 'percent',
    });
  });
});
