import type { Meta, StoryObj } from '@storybook/react-vite';
import QRCode from 'qrcode';
import { useMemo } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ApiFailure } from '@/shared/api/client';
import type { InquiryResponse, Receipt } from '@/shared/flows';
import { flowById } from '@/engine/flows-all';
import type { FlowRestore } from '@/engine/machine/flow-machine';
import type { TransactionServices } from '@/engine/services/transaction-services';
import { FlowStepView } from '@/engine/ui/flow-step-view';

// The QRIS payment (flows/qris/pay.json) in its own states, beside its generated stories: the code
// pasted, read from an uploaded picture (a real QR image, read by the page's decoder) and refused, a
// static code with a tip, a dynamic code, and the receipts on us and off us. No camera: a picture or
// the text stands in for it.

const STATIC =
  '00020101021126680019ID.CO.CIMBNIAGA.WWW011993600022000008273100211OCTO00827310303UMI51440014ID.CO.QRIS.WWW0215ID10260008273100303UMI5204581453033605502015802ID5912Kopi Santoso6015JAKARTA SELATAN61051219062070703A016304D8EE';
const IDR = (amount: number) => ({ amount, currency: 'IDR' });
const later = (ms: number) => new Date(Date.now() + ms).toISOString();
const FIXED_DATE = '2026-12-06T10:57:30+07:00';

const MERCHANT = {
  merchantName: 'Kopi Santoso',
  merchantCity: 'JAKARTA SELATAN',
  nmid: 'ID1026000827310',
  mcc: '5814',
  terminalLabel: 'A01',
  acquirer: 'ID.CO.CIMBNIAGA.WWW',
  onUs: true,
};
const STATIC_ANSWER = { ...MERCHANT, initiation: 'static', amountKind: 'typed', tipKind: 'prompt' };
const DYNAMIC_ANSWER = {
  ...MERCHANT,
  initiation: 'dynamic',
  amountKind: 'fixed',
  tipKind: 'none',
  codeAmount: 45_500_00,
  billNumber: 'KS-20261204-0017',
  referenceLabel: 'OCTO0082731-000017',
};
const OFF_US_ANSWER = {
  merchantName: 'Warung Bu Sri',
  merchantCity: 'BANDUNG',
  nmid: 'ID1020000002018',
  mcc: '5812',
  initiation: 'static',
  amountKind: 'typed',
  tipKind: 'percent',
  tipPercent: '5%',
  acquirer: 'ID.CO.BANKLAIN.WWW',
  onUs: false,
};
const SOURCE = {
  value: '7',
  labelEng: 'Tabungan Xtra - 800123456837',
  labelIdn: 'Tabungan Xtra - 800123456837',
  detail: { currency: 'IDR', accountNo: '800123456837', balance: IDR(12_500_000_00) },
};

function inquiryOf(answer: Record<string, unknown>, amount: number, tip: number): InquiryResponse {
  return {
    inquiryId: 'story-inquiry',
    flowId: 'qris.pay',
    amount: IDR(amount + tip),
    fees: [],
    total: IDR(amount + tip),
    details: {
      ...answer,
      purchaseAmount: amount,
      ...(tip ? { tip } : {}),
      total: amount + tip,
      code: answer,
    },
    expiresAt: later(10 * 60_000),
    phones: [{ phoneId: 1, maskedPhone: '+62812****7890', frozenUntil: null }],
  };
}

function receiptOf(
  inquiry: InquiryResponse,
  status: Receipt['status'],
  extra: Partial<Receipt> = {},
): Receipt {
  return {
    referenceNo: '2612061224687997',
    status,
    flowId: 'qris.pay',
    amount: inquiry.amount,
    fees: [],
    total: inquiry.total,
    details: { ...inquiry.details, qrisReference: '194319212183' },
    createdAt: FIXED_DATE,
    ...extra,
  };
}

const switchError = (code: string, eng: [string, string], idn: [string, string]) => ({
  sourceSystem: 'QRIS',
  errorCode: code,
  message: eng[1],
  errorTitleEng: eng[0],
  errorTitleIdn: idn[0],
  errorMessageEng: eng[1],
  errorMessageIdn: idn[1],
});

const afterStep = (answer: Record<string, unknown>, form: Record<string, unknown>): FlowRestore => ({
  form,
  labels: { sourceOfFund: SOURCE },
  stepToken: 'story-steps',
  stepAnswers: { code: answer },
  stepsDone: 1,
});

type Scenario =
  | 'scan'
  | 'pasted'
  | 'uploaded'
  | 'refused'
  | 'static-tip'
  | 'dynamic'
  | 'verify'
  | 'receipt-on-us'
  | 'receipt-off-us-pending'
  | 'receipt-off-us-refused';

function stateOf(scenario: Scenario): FlowRestore | undefined {
  const onUs = inquiryOf(STATIC_ANSWER, 45_500_00, 5_000_00);
  const offUs = inquiryOf(OFF_US_ANSWER, 30_000_00, 1_500_00);
  const done = {
    form: { sourceOfFund: '7', amount: 45_500_00, tip: 5_000_00 },
    labels: { sourceOfFund: SOURCE },
  };
  switch (scenario) {
    case 'pasted':
      return { form: { payload: STATIC }, labels: {} };
    case 'static-tip':
      return afterStep(STATIC_ANSWER, { sourceOfFund: '7', amount: 45_500_00, tip: 5_000_00 });
    case 'dynamic':
      return afterStep(DYNAMIC_ANSWER, { sourceOfFund: '7' });
    case 'verify':
      return {
        ...done,
        inquiry: onUs,
        method: 'otp',
        idempotencyKey: 'story-key',
        otp: {
          requestId: 'story-otp',
          refNumber: 'A7K2Q9',
          phoneId: 1,
          maskedPhone: '+62812****7890',
          expiresAt: later(5 * 60_000),
          resendAvailableAt: later(60_000),
          resendsLeft: 3,
        },
      };
    case 'receipt-on-us':
      return { ...done, inquiry: onUs, idempotencyKey: 'story-key', receipt: receiptOf(onUs, 'success') };
    case 'receipt-off-us-pending':
      return {
        ...done,
        inquiry: offUs,
        idempotencyKey: 'story-key',
        receipt: receiptOf(offUs, 'pending', {
          error: switchError(
            '68',
            [
              'Payment in progress',
              "The merchant's bank has not confirmed the payment yet. Please check your transaction history later.",
            ],
            [
              'Pembayaran sedang diproses',
              'Bank merchant belum mengonfirmasi pembayaran. Silakan periksa riwayat transaksi Anda nanti.',
            ],
          ),
        }),
      };
    case 'receipt-off-us-refused':
      return {
        ...done,
        inquiry: offUs,
        idempotencyKey: 'story-key',
        receipt: receiptOf(offUs, 'failed', {
          error: switchError(
            '05',
            [
              'Payment refused',
              "The merchant's bank refused the payment. The money has been returned to your account.",
            ],
            [
              'Pembayaran ditolak',
              'Bank merchant menolak pembayaran. Dana telah dikembalikan ke rekening Anda.',
            ],
          ),
        }),
      };
    default:
      return undefined;
  }
}

/** The server's refusal of a damaged code, as the scan page shows it under the field. */
const CRC_REFUSAL = new ApiFailure('api', 422, {
  sourceSystem: 'QRIS',
  errorCode: 'CRC_MISMATCH',
  message: 'The QRIS code is damaged',
  errorTitleEng: 'The QRIS code is damaged',
  errorTitleIdn: 'Kode QRIS rusak',
  errorMessageEng: 'The code was not read correctly: its check digits do not match its content.',
  errorMessageIdn: 'Kode tidak terbaca dengan benar: digit pemeriksanya tidak cocok dengan isinya.',
  fields: { '/form/payload': { eng: 'The QRIS code is damaged', idn: 'Kode QRIS rusak' } },
});

function servicesFor(scenario: Scenario): TransactionServices {
  const never = new Promise<never>(() => undefined);
  return {
    formData: async () => ({ sourceOfFund: [SOURCE] }),
    inquiryStep: () => (scenario === 'refused' ? Promise.reject(CRC_REFUSAL) : never),
    inquiry: () => never,
    startVerification: () => never,
    resendVerification: () => never,
    watchApproval: () => () => {},
    confirm: () => never,
    saveFavourite: () => never,
    favourite: async () => undefined,
  };
}

function QrisStory({ scenario }: { scenario: Scenario }) {
  const flow = flowById('qris.pay')!;
  const services = useMemo(() => servicesFor(scenario), [scenario]);
  const state = useMemo(() => stateOf(scenario), [scenario]);
  return <FlowStepView key={scenario} flow={flow} state={state} services={services} />;
}

const meta = {
  title: 'Flows/qris/pay · states',
  component: QrisStory,
  args: { scenario: 'scan' },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof QrisStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A picture of the docs' static code, as a customer's upload (drawn by the qrcode package). */
async function pictureOfCode(text: string): Promise<File> {
  const url = await QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 4, width: 480 });
  const blob = await (await fetch(url)).blob();
  return new File([blob], 'kopi-santoso-qris.png', { type: 'image/png' });
}

export const ScanEn: Story = { name: 'Scan · empty · EN', parameters: { lang: 'en' } };
export const ScanId: Story = { name: 'Scan · empty · ID', parameters: { lang: 'id' } };
export const PastedEn: Story = {
  name: 'Scan · pasted · EN',
  parameters: { lang: 'en' },
  args: { scenario: 'pasted' },
};
export const PastedId: Story = {
  name: 'Scan · pasted · ID',
  parameters: { lang: 'id' },
  args: { scenario: 'pasted' },
};

const uploadPlay: Story['play'] = async ({ canvasElement }) => {
  const canvas = within(canvasElement);
  const input = await canvas.findByTestId('qr-code-file');
  await userEvent.upload(input, await pictureOfCode(STATIC));
  await waitFor(
    () => expect((canvas.getByTestId('qr-code-text') as HTMLTextAreaElement).value).toBe(STATIC),
    {
      timeout: 10_000,
    },
  );
  await canvas.findByTestId('qr-code-read');
};
export const UploadedEn: Story = {
  name: 'Scan · picture uploaded · EN',
  parameters: { lang: 'en' },
  args: { scenario: 'uploaded' },
  play: uploadPlay,
};
export const UploadedId: Story = {
  name: 'Scan · picture uploaded · ID',
  parameters: { lang: 'id' },
  args: { scenario: 'uploaded' },
  play: uploadPlay,
};

const refusedPlay: Story['play'] = async ({ canvasElement }) => {
  const canvas = within(canvasElement);
  const text = await canvas.findByTestId('qr-code-text');
  await userEvent.click(text);
  await userEvent.paste(STATIC.replace('Santoso', 'Sant0so'));
  await userEvent.click(canvas.getByTestId('inquiry-submit'));
  await canvas.findByText(/The QRIS code is damaged|Kode QRIS rusak/);
};
export const RefusedEn: Story = {
  name: 'Scan · refused (CRC) · EN',
  parameters: { lang: 'en' },
  args: { scenario: 'refused' },
  play: refusedPlay,
};
export const RefusedId: Story = {
  name: 'Scan · refused (CRC) · ID',
  parameters: { lang: 'id' },
  args: { scenario: 'refused' },
  play: refusedPlay,
};

export const StaticTipEn: Story = {
  name: 'Pay · static code with a tip · EN',
  parameters: { lang: 'en' },
  args: { scenario: 'static-tip' },
};
export const StaticTipId: Story = {
  name: 'Pay · static code with a tip · ID',
  parameters: { lang: 'id' },
  args: { scenario: 'static-tip' },
};
export const DynamicEn: Story = {
  name: 'Pay · dynamic code · EN',
  parameters: { lang: 'en' },
  args: { scenario: 'dynamic' },
};
export const DynamicId: Story = {
  name: 'Pay · dynamic code · ID',
  parameters: { lang: 'id' },
  args: { scenario: 'dynamic' },
};
export const VerifyEn: Story = {
  name: 'Verify · OTP · EN',
  parameters: { lang: 'en' },
  args: { scenario: 'verify' },
};
export const VerifyId: Story = {
  name: 'Verify · OTP · ID',
  parameters: { lang: 'id' },
  args: { scenario: 'verify' },
};
export const ReceiptOnUsEn: Story = {
  name: 'Receipt · on us · EN',
  parameters: { lang: 'en' },
  args: { scenario: 'receipt-on-us' },
};
export const ReceiptOnUsId: Story = {
  name: 'Receipt · on us · ID',
  parameters: { lang: 'id' },
  args: { scenario: 'receipt-on-us' },
};
export const ReceiptOffUsPendingEn: Story = {
  name: 'Receipt · off us, in progress · EN',
  parameters: { lang: 'en' },
  args: { scenario: 'receipt-off-us-pending' },
};
export const ReceiptOffUsPendingId: Story = {
  name: 'Receipt · off us, in progress · ID',
  parameters: { lang: 'id' },
  args: { scenario: 'receipt-off-us-pending' },
};
export const ReceiptOffUsRefusedEn: Story = {
  name: 'Receipt · off us, refused · EN',
  parameters: { lang: 'en' },
  args: { scenario: 'receipt-off-us-refused' },
};
export const ReceiptOffUsRefusedId: Story = {
  name: 'Receipt · off us, refused · ID',
  parameters: { lang: 'id' },
  args: { scenario: 'receipt-off-us-refused' },
};
