import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { ApiFailure } from '@/shared/api/client';
import type { InquiryResponse } from '@/shared/flows';
import { flowById } from '@/engine/flows-all';
import type { FlowRestore } from '@/engine/machine/flow-machine';
import type { TransactionServices } from '@/engine/services/transaction-services';
import { FlowStepView } from '@/engine/ui/flow-step-view';

// Passkeys (issue 42): the verify page's passkey in each state (offered, waiting for the device,
// refused by the bank, a browser without passkeys), both languages; the device and the server stood in.
// Settings' list: passkeys-settings.stories.tsx.

const IDR = (amount: number) => ({ amount, currency: 'IDR' });
const later = (ms: number) => new Date(Date.now() + ms).toISOString();
const SOURCE = {
  value: '7',
  labelEng: 'Tabungan Xtra - 800123456701',
  labelIdn: 'Tabungan Xtra - 800123456701',
  detail: { currency: 'IDR', accountNo: '800123456701', balance: IDR(12_500_000_00) },
};
const INQUIRY: InquiryResponse = {
  inquiryId: 'story-inquiry',
  flowId: 'transfer.samebank',
  amount: IDR(50_000_00),
  fees: [],
  total: IDR(50_000_00),
  details: { beneficiaryName: 'RINA KUSUMAWATI' },
  expiresAt: later(10 * 60_000),
  phones: [{ phoneId: 1, maskedPhone: '+62812****7890', frozenUntil: null }],
  appEnrolled: true,
  passkeyEnrolled: true,
};
const RESTORE: FlowRestore = {
  form: { sourceOfFund: '7', beneficiaryAccountNo: '800123456837', purpose: 'family', amount: 50_000_00 },
  labels: { sourceOfFund: SOURCE },
  inquiry: INQUIRY,
  method: 'passkey',
  idempotencyKey: 'story-key-0001',
};
const REPLAYED = new ApiFailure('api', 409, {
  sourceSystem: 'CLICKS',
  errorCode: 'PASSKEY_REPLAYED',
  message: 'This confirmation was already used. Please confirm again with your passkey.',
  errorTitleEng: 'Passkey already used',
  errorTitleIdn: 'Passkey sudah digunakan',
  errorMessageEng: 'This confirmation was already used. Please confirm again with your passkey.',
  errorMessageIdn: 'Konfirmasi ini sudah digunakan. Silakan konfirmasi lagi dengan passkey Anda.',
});

type VerifyState = 'offered' | 'waiting' | 'refused' | 'unsupported';

function servicesFor(state: VerifyState): TransactionServices {
  const never = new Promise<never>(() => undefined);
  return {
    formData: async () => ({ sourceOfFund: [SOURCE] }),
    inquiry: () => never,
    startVerification: async () => ({
      method: 'passkey',
      passkey: { options: { challenge: 'c3Rvcnk', rpId: 'localhost' }, expiresAt: later(300_000) },
    }),
    resendVerification: () => never,
    watchApproval: () => () => {},
    signWithPasskey: () => (state === 'waiting' ? never : Promise.resolve({ id: 'story-credential' })),
    passkeySupported: () => state !== 'unsupported',
    confirm: () => (state === 'refused' ? Promise.reject(REPLAYED) : never),
    saveFavourite: () => never,
    favourite: async () => undefined,
  };
}

function VerifyStory({ state }: { state: VerifyState }) {
  const flow = flowById('transfer.samebank')!;
  const services = useMemo(() => servicesFor(state), [state]);
  return <FlowStepView key={state} flow={flow} state={RESTORE} services={services} />;
}

const meta = {
  title: 'Passkeys/Verify',
  component: VerifyStory,
  args: { state: 'offered' },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof VerifyStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Taps "Confirm with passkey" (the device and the server answer as the story's state says). */
const tapPasskey: Story['play'] = async ({ canvasElement }) => {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByTestId('passkey-confirm'));
};

export const OfferedEn: Story = {
  name: 'Offered · EN',
  parameters: { lang: 'en' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('passkey-panel')).toBeVisible();
  },
};
export const OfferedId: Story = { ...OfferedEn, name: 'Offered · ID', parameters: { lang: 'id' } };
export const WaitingEn: Story = {
  name: 'Waiting for the device · EN',
  parameters: { lang: 'en' },
  args: { state: 'waiting' },
  play: async (ctx) => {
    await tapPasskey(ctx);
    await expect(await within(ctx.canvasElement).findByTestId('passkey-waiting')).toBeVisible();
  },
};
export const WaitingId: Story = {
  ...WaitingEn,
  name: 'Waiting for the device · ID',
  parameters: { lang: 'id' },
};
export const RefusedEn: Story = {
  name: 'Refused · EN',
  parameters: { lang: 'en' },
  args: { state: 'refused' },
  play: async (ctx) => {
    await tapPasskey(ctx);
    const refused = await within(ctx.canvasElement).findByTestId('passkey-refused');
    await expect(refused).toHaveTextContent('This confirmation was already used');
  },
};
export const RefusedId: Story = {
  ...RefusedEn,
  name: 'Refused · ID',
  parameters: { lang: 'id' },
  play: async (ctx) => {
    await tapPasskey(ctx);
    const refused = await within(ctx.canvasElement).findByTestId('passkey-refused');
    await expect(refused).toHaveTextContent('Konfirmasi ini sudah digunakan');
  },
};
export const NotSupportedEn: Story = {
  name: 'Not supported · EN',
  parameters: { lang: 'en' },
  args: { state: 'unsupported' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('passkey-unsupported')).toBeVisible();
  },
};
export const NotSupportedId: Story = {
  ...NotSupportedEn,
  name: 'Not supported · ID',
  parameters: { lang: 'id' },
};
