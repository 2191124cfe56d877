import type { CardCycles, MyAccountOverview } from '@/shared/myaccount';

const idr = (amount: number) => ({ amount, currency: 'IDR' });

const account = (id: number, accountNo: string, currency: string, rekpon = false) => ({
  id,
  accountNo,
  product: 'savings' as const,
  name: rekpon ? 'Rekening Ponsel' : 'Tabungan Xtra',
  currency,
  balance: { amount: 1_523_456_700, currency },
  availableBalance: { amount: 1_513_456_700, currency },
  rekpon,
  phone: rekpon ? '+6281234567890' : null,
  hiddenOnDashboard: false,
  hiddenAsSource: false,
});

export const overview: MyAccountOverview = {
  customer: { hasCasa: true, ccOnly: false, supplementary: false },
  accounts: [
    account(1, '100200300401', 'IDR'),
    account(4, '100200300404', 'USD'),
    account(7, '100200300407', 'IDR', true),
  ],
  creditCards: [
    {
      id: 9,
      maskedNumber: '4111 11** **** 1111',
      name: 'Visa Platinum',
      currency: 'IDR',
      creditLimit: idr(5_000_000_000),
      availableLimit: idr(4_200_000_000),
      outstanding: idr(800_000_000),
      supplementary: false,
      status: 'active',
    },
  ],
  deposits: [],
  loans: [],
  mutualFunds: [],
  bonds: [],
  insurance: [],
  gold: null,
};

export const cycles: CardCycles = {
  accountId: 9,
  maskedNumber: '4111 11** **** 1111',
  name: 'Visa Platinum',
  currency: 'IDR',
  creditLimit: idr(5_000_000_000),
  availableLimit: idr(4_200_000_000),
  statementDay: 17,
  unbilled: { from: '2026-11-18', to: '2026-11-25', amount: idr(55_000_000) },
  statements: [
    {
      statementDate: '2026-11-17',
      periodFrom: '2026-10-18',
      periodTo: '2026-11-17',
      dueDate: '2026-12-07',
      previousBalance: idr(100_000_000),
      purchases: idr(234_500_000),
      payments: idr(100_000_000),
      newBalance: idr(234_500_000),
      minimumPayment: idr(11_730_000),
    },
  ],
};
