import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { MemoryRouter } from 'react-router';
import { ErrorProvider } from '@/shared/ui';
import type { QrisCode, QrisOverview } from '@/features/mybusiness/qris-api';
import { TakePaymentPage, type TakePaymentServices } from '@/features/mybusiness/take-payment-page';

// My business's "take payment" page (issue 41 item 4) with the server's answers stood in: a code
// waiting for its payment, the same code paid (as the live stream says), and one that expired.

const STATIC =
  '00020101021126680019ID.CO.CIMBNIAGA.WWW011993600022000008273100211OCTO00827310303UMI51440014ID.CO.QRIS.WWW0215ID10260008273100303UMI5204581453033605502015802ID5912Kopi Santoso6015JAKARTA SELATAN61051219062070703A016304D8EE';
const DYNAMIC =
  '00020101021226680019ID.CO.CIMBNIAGA.WWW011993600022000008273100211OCTO00827310303UMI51440014ID.CO.QRIS.WWW0215ID10260008273100303UMI5204581453033605405455005802ID5912Kopi Santoso6015JAKARTA SELATAN61051219062470116KS-20261204-00170516OCTO0082731-00170703A0163048107';

type State = 'waiting' | 'paid' | 'expired';

function codeIn(state: State): QrisCode {
  const created = Date.now() - 60_000;
  return {
    id: '17',
    merchantId: '1',
    payload: DYNAMIC,
    amount: 45_500_00,
    billNumber: 'KS-20261204-0017',
    referenceLabel: 'OCTO0082731-0017',
    status: state === 'waiting' ? 'open' : state,
    createdAt: new Date(created).toISOString(),
    // Waiting: 14 minutes left; expired: its 15 minutes are over.
    expiresAt: new Date(state === 'expired' ? Date.now() - 1_000 : created + 15 * 60_000).toISOString(),
    paidAt: state === 'paid' ? '2026-12-06T03:57:30Z' : null,
    saleReference: state === 'paid' ? '194319212183' : null,
    net: state === 'paid' ? 45_363_50 : null,
  };
}

function servicesFor(state: State): TakePaymentServices {
  const code = codeIn(state);
  const overview: QrisOverview = {
    merchant: {
      id: '1',
      mid: 'OCTO0082731',
      name: 'Kopi Santoso',
      nmid: 'ID1026000827310',
      city: 'JAKARTA SELATAN',
      tip: 'prompt',
      staticPayload: STATIC,
    },
    codes: [code],
    sales: [
      ...(state === 'paid'
        ? [
            {
              referenceNo: '194319212183',
              payer: 'Internet Banking',
              amount: 45_500_00,
              createdAt: '2026-12-06T03:57:30Z',
            },
          ]
        : []),
      { referenceNo: 'QR261206000819', payer: 'GoPay', amount: 84_000_00, createdAt: '2026-12-06T02:23:00Z' },
      { referenceNo: 'QR261205000816', payer: 'OVO', amount: 55_000_00, createdAt: '2026-12-05T13:35:00Z' },
    ],
    codeTtlMs: 15 * 60_000,
    maxAmount: 1_000_000_000,
  };
  const never = new Promise<never>(() => undefined);
  return {
    overview: async () => overview,
    create: () => never,
    status: async () => code,
    cancel: () => never,
    follow: () => () => {},
  };
}

function TakePaymentStory({ state }: { state: State }) {
  const services = useMemo(() => servicesFor(state), [state]);
  return (
    <MemoryRouter initialEntries={['/mybusiness/take-payment/']}>
      <ErrorProvider>
        <TakePaymentPage services={services} />
      </ErrorProvider>
    </MemoryRouter>
  );
}

const meta = {
  title: 'My business/Take payment (QRIS)',
  component: TakePaymentStory,
  args: { state: 'waiting' },
} satisfies Meta<typeof TakePaymentStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WaitingEn: Story = { name: 'Waiting for payment · EN', parameters: { lang: 'en' } };
export const WaitingId: Story = { name: 'Waiting for payment · ID', parameters: { lang: 'id' } };
export const PaidEn: Story = { name: 'Paid · EN', parameters: { lang: 'en' }, args: { state: 'paid' } };
export const PaidId: Story = { name: 'Paid · ID', parameters: { lang: 'id' }, args: { state: 'paid' } };
export const ExpiredEn: Story = {
  name: 'Expired · EN',
  parameters: { lang: 'en' },
  args: { state: 'expired' },
};
export const ExpiredId: Story = {
  name: 'Expired · ID',
  parameters: { lang: 'id' },
  args: { state: 'expired' },
};
