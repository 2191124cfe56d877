import type { DashboardSummary } from '@/features/dashboard/api';

const idr = (amount: number) => ({ amount, currency: 'IDR' });

export const budi: DashboardSummary = {
  customer: {
    userId: 'budisantoso',
    title: 'Mr.',
    fullName: 'Budi Santoso',
    displayName: 'Budi Santoso',
    lastLoginAt: null,
    hasCasa: true,
    ccOnly: false,
    supplementary: false,
  },
  accounts: [
    {
      id: 1,
      accountNo: '100200300401',
      product: 'savings',
      name: 'Tabungan Xtra',
      currency: 'IDR',
      balance: idr(1_523_456_700),
      availableBalance: idr(1_513_456_700),
      isDefaultSource: true,
      isDefaultReceiving: false,
    },
    {
      id: 4,
      accountNo: '100200300404',
      product: 'savings',
      name: 'Tabungan Valas',
      currency: 'USD',
      balance: { amount: 250_075, currency: 'USD' },
      availableBalance: { amount: 250_075, currency: 'USD' },
      isDefaultSource: false,
      isDefaultReceiving: false,
    },
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
    },
  ],
  deposits: [],
  loans: [],
  investments: {
    mutualFunds: [
      {
        code: 'MF1',
        name: 'Octo Equity Fund',
        units: '1000.5000',
        nav: '1523.4567',
        marketValue: idr(152_422_000),
        currency: 'IDR',
      },
    ],
    bonds: [],
    totalMarketValue: idr(152_422_000),
  },
  insurance: [],
  gold: null,
  poinXtra: { points: 12_500 },
};

export const sari: DashboardSummary = {
  ...budi,
  customer: {
    ...budi.customer,
    userId: 'saridewi',
    title: 'Ms.',
    fullName: 'Sari Dewi',
    displayName: 'Sari Dewi',
    hasCasa: false,
    ccOnly: true,
  },
  accounts: [],
  investments: { mutualFunds: [], bonds: [], totalMarketValue: idr(0) },
  poinXtra: null,
};

export const andi: DashboardSummary = {
  ...sari,
  customer: {
    ...sari.customer,
    userId: 'andiwijaya',
    title: 'Mr.',
    fullName: 'Andi Wijaya',
    displayName: 'Andi Wijaya',
    supplementary: true,
  },
  creditCards: [{ ...budi.creditCards[0]!, id: 10, supplementary: true }],
};
