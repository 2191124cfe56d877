/**
 * The bank's product catalogue as data: savings, time deposits (rates per tenor and amount),
 * credit cards, loans, insurance, and the funds and bonds it distributes. Seeded into the tables
 * of migration 080 by ./seed.ts; product analysts change products here, not in code.
 */
import type { Localized, ProductCategory, ProductFacts } from '../../shared/invest/types';

const rp = (rupiah: number) => ({ amount: Math.round(rupiah * 100), currency: 'IDR' });
const usd = (dollars: number) => ({ amount: Math.round(dollars * 100), currency: 'USD' });

export interface BankProductData {
  code: string;
  category: ProductCategory;
  name: string;
  currency?: string;
  sharia?: boolean;
  description: Localized;
  highlights: Localized[];
  facts: ProductFacts;
  /** Time deposits: [tenor months, [from amount (major units), rate %][]]. */
  rates?: Array<[number, Array<[number, string]>]>;
}

export const BANK_PRODUCTS: BankProductData[] = [
  {
    code: 'SAV-XTRA',
    category: 'saving',
    name: 'Tabungan Xtra Savers',
    description: {
      en: 'Everyday savings with higher interest as your balance grows, a debit card and free transfers in the app.',
      id: 'Tabungan harian dengan bunga makin tinggi seiring saldo bertambah, kartu debit, dan transfer gratis di aplikasi.',
    },
    highlights: [
      {
        en: 'Free online transfers to other banks 25 times a month',
        id: 'Gratis transfer online ke bank lain 25 kali sebulan',
      },
      { en: 'Mastercard debit card', id: 'Kartu debit Mastercard' },
    ],
    facts: {
      interestTiers: [
        { from: rp(0), rate: '0.50' },
        { from: rp(10_000_000), rate: '1.25' },
        { from: rp(100_000_000), rate: '2.00' },
        { from: rp(1_000_000_000), rate: '2.75' },
      ],
      minOpening: rp(100_000),
      minBalance: rp(50_000),
      monthlyFee: rp(15_000),
      openingFlow: 'saving',
    },
  },
  {
    code: 'SAV-ONACCOUNT',
    category: 'saving',
    name: 'OCTO Savers',
    description: {
      en: 'A savings account opened and run entirely online, with no monthly fee.',
      id: 'Tabungan yang dibuka dan dikelola sepenuhnya secara online, tanpa biaya bulanan.',
    },
    highlights: [
      { en: 'No monthly administration fee', id: 'Tanpa biaya administrasi bulanan' },
      {
        en: 'Opened in minutes from your current account',
        id: 'Dibuka dalam hitungan menit dari rekening Anda',
      },
    ],
    facts: {
      interestTiers: [
        { from: rp(0), rate: '1.00' },
        { from: rp(50_000_000), rate: '1.75' },
      ],
      minOpening: rp(0),
      minBalance: rp(0),
      monthlyFee: rp(0),
      openingFlow: 'saving',
    },
  },
  {
    code: 'SAV-IB-PAHALA',
    category: 'saving',
    name: 'Tabungan iB Pahala',
    sharia: true,
    description: {
      en: 'Sharia savings on a mudharabah profit share (nisbah) instead of interest.',
      id: 'Tabungan syariah dengan bagi hasil mudharabah (nisbah), bukan bunga.',
    },
    highlights: [
      { en: 'Profit share (nisbah) 20:80 for the customer', id: 'Nisbah bagi hasil 20:80 untuk nasabah' },
      { en: 'Zakat paid automatically on request', id: 'Zakat dibayarkan otomatis bila diminta' },
    ],
    facts: {
      interestTiers: [{ from: rp(0), rate: '1.10' }],
      minOpening: rp(100_000),
      minBalance: rp(50_000),
      monthlyFee: rp(10_000),
      openingFlow: 'saving',
    },
  },
  {
    code: 'SAV-ISA',
    category: 'saving',
    name: 'Investment Savings Account (ISA)',
    description: {
      en: 'The savings account your fund and bond orders are paid from and their proceeds paid into.',
      id: 'Rekening tabungan untuk membayar pembelian reksa dana dan obligasi serta menerima hasilnya.',
    },
    highlights: [
      { en: 'Needed to buy mutual funds and bonds', id: 'Diperlukan untuk membeli reksa dana dan obligasi' },
      { en: 'Coupons and redemptions paid in automatically', id: 'Kupon dan pencairan masuk otomatis' },
    ],
    facts: {
      interestTiers: [{ from: rp(0), rate: '0.75' }],
      minOpening: rp(0),
      minBalance: rp(0),
      monthlyFee: rp(0),
      openingFlow: 'isa',
    },
  },
  {
    code: 'TD-IDR',
    category: 'timedeposit',
    name: 'Deposito Berjangka Rupiah',
    description: {
      en: 'A fixed rate for a fixed term, rolled over automatically at maturity if you wish.',
      id: 'Bunga tetap untuk jangka waktu tetap, diperpanjang otomatis saat jatuh tempo bila Anda mau.',
    },
    highlights: [
      { en: 'Covered by LPS deposit insurance up to Rp 2 billion', id: 'Dijamin LPS hingga Rp 2 miliar' },
      {
        en: 'Automatic roll-over (ARO) of principal or principal and interest',
        id: 'Perpanjangan otomatis (ARO) pokok atau pokok dan bunga',
      },
    ],
    facts: { minPlacement: rp(10_000_000), earlyBreakPenalty: '0.50', taxRate: '20' },
    rates: [
      [
        1,
        [
          [10_000_000, '3.25'],
          [1_000_000_000, '3.50'],
        ],
      ],
      [
        3,
        [
          [10_000_000, '3.75'],
          [1_000_000_000, '4.00'],
        ],
      ],
      [
        6,
        [
          [10_000_000, '4.25'],
          [1_000_000_000, '4.50'],
        ],
      ],
      [
        12,
        [
          [10_000_000, '4.50'],
          [1_000_000_000, '4.75'],
        ],
      ],
    ],
  },
  {
    code: 'TD-IB',
    category: 'timedeposit',
    name: 'Deposito iB Syariah',
    sharia: true,
    description: {
      en: 'A sharia time deposit on a mudharabah profit share, shown as an equivalent rate.',
      id: 'Deposito syariah dengan bagi hasil mudharabah, ditampilkan sebagai setara tingkat bunga.',
    },
    highlights: [{ en: 'Supervised by the Sharia Supervisory Board', id: 'Diawasi Dewan Pengawas Syariah' }],
    facts: { minPlacement: rp(5_000_000), earlyBreakPenalty: '0.50', taxRate: '20' },
    rates: [
      [1, [[5_000_000, '3.30']]],
      [3, [[5_000_000, '3.80']]],
      [6, [[5_000_000, '4.30']]],
      [12, [[5_000_000, '4.55']]],
    ],
  },
  {
    code: 'TD-USD',
    category: 'timedeposit',
    name: 'Deposito Berjangka USD',
    currency: 'USD',
    description: {
      en: 'A US dollar time deposit placed from your USD savings.',
      id: 'Deposito dolar AS yang ditempatkan dari tabungan USD Anda.',
    },
    highlights: [
      {
        en: 'Placed from and paid to your USD savings',
        id: 'Ditempatkan dari dan dibayarkan ke tabungan USD Anda',
      },
    ],
    facts: { minPlacement: usd(1_000), earlyBreakPenalty: '0.50', taxRate: '20' },
    rates: [
      [1, [[1_000, '1.50']]],
      [3, [[1_000, '1.75']]],
      [6, [[1_000, '2.00']]],
      [12, [[1_000, '2.25']]],
    ],
  },
  {
    code: 'CC-WORLD',
    category: 'creditcard',
    name: 'Octo Card World',
    description: {
      en: 'Travel and dining rewards, airport lounges and Poin Xtra on every purchase.',
      id: 'Hadiah perjalanan dan kuliner, lounge bandara, dan Poin Xtra di setiap transaksi.',
    },
    highlights: [
      { en: '1 Poin Xtra per Rp 2,500 spent', id: '1 Poin Xtra setiap transaksi Rp 2.500' },
      { en: 'Free airport lounge access 6 times a year', id: 'Gratis akses lounge bandara 6 kali setahun' },
    ],
    facts: {
      network: 'Mastercard',
      annualFee: rp(600_000),
      firstYearFree: true,
      monthlyInterest: '1.75',
      cashAdvanceFee: '4.00',
      minIncome: rp(10_000_000),
    },
  },
  {
    code: 'CC-SYARIAH',
    category: 'creditcard',
    name: 'Octo Card Syariah Gold',
    sharia: true,
    description: {
      en: 'A sharia card on a fixed monthly fee (ujrah) instead of interest.',
      id: 'Kartu syariah dengan biaya bulanan tetap (ujrah), bukan bunga.',
    },
    highlights: [{ en: 'No annual fee for life', id: 'Bebas iuran tahunan seumur hidup' }],
    facts: {
      network: 'Visa',
      annualFee: rp(0),
      firstYearFree: true,
      monthlyInterest: '1.59',
      cashAdvanceFee: '4.00',
      minIncome: rp(5_000_000),
    },
  },
  {
    code: 'CC-SILVER',
    category: 'creditcard',
    name: 'Octo Card Silver',
    description: {
      en: 'A first credit card with cashback on groceries and fuel.',
      id: 'Kartu kredit pertama dengan cashback belanja bahan pokok dan bahan bakar.',
    },
    highlights: [
      {
        en: '5% cashback at supermarkets, up to Rp 100,000 a month',
        id: 'Cashback 5% di supermarket, maks. Rp 100.000 sebulan',
      },
    ],
    facts: {
      network: 'Visa',
      annualFee: rp(300_000),
      firstYearFree: true,
      monthlyInterest: '1.75',
      cashAdvanceFee: '4.00',
      minIncome: rp(3_000_000),
    },
  },
  {
    code: 'LOAN-KTA',
    category: 'loan',
    name: 'Octo Personal Loan',
    description: {
      en: 'An unsecured personal loan paid into your savings, repaid in equal monthly instalments.',
      id: 'Pinjaman tanpa agunan yang dicairkan ke tabungan Anda, dilunasi dengan cicilan bulanan tetap.',
    },
    highlights: [
      { en: 'Decision within one working day', id: 'Keputusan dalam satu hari kerja' },
      { en: 'No collateral', id: 'Tanpa agunan' },
    ],
    facts: {
      loanKind: 'personal',
      yearlyRate: '11.50',
      minAmount: rp(5_000_000),
      maxAmount: rp(300_000_000),
      tenorMonths: [12, 24, 36, 48, 60],
      provisionFee: '3.00',
      adminFee: rp(250_000),
      minIncome: rp(5_000_000),
    },
  },
  {
    code: 'LOAN-OCTO',
    category: 'loan',
    name: 'OCTO Loan',
    description: {
      en: 'A standby credit line: withdraw what you need into your savings and pay interest only on what you use.',
      id: 'Fasilitas kredit siaga: tarik sesuai kebutuhan ke tabungan dan bayar bunga hanya atas yang dipakai.',
    },
    highlights: [
      { en: 'Withdraw any time from Rp 1,000,000', id: 'Tarik kapan saja mulai Rp 1.000.000' },
      {
        en: 'Each withdrawal repaid over its own tenor',
        id: 'Setiap penarikan dilunasi dengan tenornya sendiri',
      },
    ],
    facts: {
      loanKind: 'credit_line',
      yearlyRate: '14.00',
      minAmount: rp(1_000_000),
      maxAmount: rp(100_000_000),
      tenorMonths: [6, 12, 18, 24, 36],
      provisionFee: '1.00',
      adminFee: rp(0),
      minIncome: rp(4_000_000),
    },
  },
  {
    code: 'INS-SUNLIFE-BP',
    category: 'insurance',
    name: 'Sun Life Brilliant Protection',
    description: {
      en: 'Term life cover from Sun Life Financial Indonesia, with premiums set by age and sum assured.',
      id: 'Asuransi jiwa berjangka dari Sun Life Financial Indonesia, premi menurut usia dan uang pertanggungan.',
    },
    highlights: [
      { en: 'Cover up to Rp 2 billion', id: 'Perlindungan hingga Rp 2 miliar' },
      {
        en: '100% of premiums back at the end of the term',
        id: '100% premi kembali di akhir masa pertanggungan',
      },
    ],
    facts: {
      provider: 'SLFI',
      insuranceType: 'life',
      premiumFrom: rp(350_000),
      premiumFrequency: 'monthly',
      maxCoverage: rp(2_000_000_000),
      entryAgeMin: 18,
      entryAgeMax: 60,
      inquirySteps: 3,
    },
  },
  {
    code: 'INS-SOMPO-PA',
    category: 'insurance',
    name: 'Sompo Personal Accident',
    description: {
      en: 'Accident cover from Sompo Insurance Indonesia: death, disability and medical costs after an accident.',
      id: 'Asuransi kecelakaan dari Sompo Insurance Indonesia: meninggal dunia, cacat, dan biaya medis akibat kecelakaan.',
    },
    highlights: [
      { en: 'Cover starts the day after payment', id: 'Perlindungan mulai sehari setelah pembayaran' },
      { en: 'No medical check-up', id: 'Tanpa pemeriksaan kesehatan' },
    ],
    facts: {
      provider: 'SOMPO',
      insuranceType: 'personal_accident',
      premiumFrom: rp(150_000),
      premiumFrequency: 'yearly',
      maxCoverage: rp(500_000_000),
      entryAgeMin: 17,
      entryAgeMax: 65,
      inquirySteps: 2,
    },
  },
];

export interface FundData {
  code: string;
  name: string;
  currency: 'IDR' | 'USD';
  fundType: 'money_market' | 'fixed_income' | 'balanced' | 'equity';
  risk: 1 | 2 | 3 | 4 | 5;
  nav: string;
  manager: string;
  custodian: string;
  launchDate: string;
  sharia: boolean;
  minSubscription: number; // major units
  minTopup: number;
  /** Subscriptions are taken in multiples of this (major units). */
  multiple: number;
  minRedemptionUnits: string;
  fees: [subscription: string, redemption: string, switching: string, management: string];
  aum: number; // major units
  /** Yearly drift and volatility of the simulated NAV history. */
  drift: number;
  volatility: number;
}

export const FUNDS: FundData[] = [
  {
    code: 'MF-PCF',
    name: 'Principal Cash Fund',
    currency: 'IDR',
    fundType: 'money_market',
    risk: 1,
    nav: '1684.2291',
    manager: 'Principal Asset Management',
    custodian: 'Deutsche Bank AG',
    launchDate: '2012-05-21',
    sharia: false,
    minSubscription: 100_000,
    minTopup: 100_000,
    multiple: 1000,
    minRedemptionUnits: '10.0000',
    fees: ['0.00', '0.00', '0.00', '0.75'],
    aum: 2_150_000_000_000,
    drift: 0.045,
    volatility: 0.004,
  },
  {
    code: 'MF-MONI2',
    name: 'Manulife Obligasi Negara Indonesia II',
    currency: 'IDR',
    fundType: 'fixed_income',
    risk: 3,
    nav: '2611.0532',
    manager: 'Manulife Aset Manajemen Indonesia',
    custodian: 'Standard Chartered Bank',
    launchDate: '2009-08-03',
    sharia: false,
    minSubscription: 100_000,
    minTopup: 100_000,
    multiple: 1000,
    minRedemptionUnits: '10.0000',
    fees: ['1.00', '0.50', '0.50', '1.50'],
    aum: 1_320_000_000_000,
    drift: 0.065,
    volatility: 0.04,
  },
  {
    code: 'MF-BDUSD',
    name: 'BNP Paribas Prima USD',
    currency: 'USD',
    fundType: 'fixed_income',
    risk: 3,
    nav: '1.2874',
    manager: 'BNP Paribas Asset Management',
    custodian: 'HSBC Indonesia',
    launchDate: '2014-02-10',
    sharia: false,
    minSubscription: 1_000,
    minTopup: 100,
    multiple: 1,
    minRedemptionUnits: '100.0000',
    fees: ['1.00', '0.50', '0.50', '1.25'],
    aum: 95_000_000,
    drift: 0.04,
    volatility: 0.03,
  },
  {
    code: 'MF-STB2',
    name: 'Schroder Dana Terpadu II',
    currency: 'IDR',
    fundType: 'balanced',
    risk: 4,
    nav: '2894.6012',
    manager: 'Schroder Investment Management Indonesia',
    custodian: 'Citibank N.A.',
    launchDate: '2007-11-12',
    sharia: false,
    minSubscription: 100_000,
    minTopup: 100_000,
    multiple: 1000,
    minRedemptionUnits: '10.0000',
    fees: ['1.50', '1.00', '1.00', '2.00'],
    aum: 780_000_000_000,
    drift: 0.07,
    volatility: 0.1,
  },
  {
    code: 'MF-SDP',
    name: 'Schroder Dana Prestasi',
    currency: 'IDR',
    fundType: 'equity',
    risk: 5,
    nav: '3120.7745',
    manager: 'Schroder Investment Management Indonesia',
    custodian: 'Citibank N.A.',
    launchDate: '2004-06-07',
    sharia: false,
    minSubscription: 100_000,
    minTopup: 100_000,
    multiple: 1000,
    minRedemptionUnits: '10.0000',
    fees: ['2.00', '1.00', '1.00', '2.50'],
    aum: 3_400_000_000_000,
    drift: 0.08,
    volatility: 0.18,
  },
  {
    code: 'MF-MSSA',
    name: 'Manulife Syariah Sektoral Amanah',
    currency: 'IDR',
    fundType: 'equity',
    risk: 5,
    nav: '1975.3308',
    manager: 'Manulife Aset Manajemen Indonesia',
    custodian: 'Standard Chartered Bank',
    launchDate: '2007-06-25',
    sharia: true,
    minSubscription: 100_000,
    minTopup: 100_000,
    multiple: 1000,
    minRedemptionUnits: '10.0000',
    fees: ['2.00', '1.00', '1.00', '2.25'],
    aum: 640_000_000_000,
    drift: 0.06,
    volatility: 0.2,
  },
  {
    code: 'MF-PSPS',
    name: 'Principal Sukuk Syariah',
    currency: 'IDR',
    fundType: 'fixed_income',
    risk: 2,
    nav: '1432.8719',
    manager: 'Principal Asset Management',
    custodian: 'Deutsche Bank AG',
    launchDate: '2016-09-19',
    sharia: true,
    minSubscription: 100_000,
    minTopup: 100_000,
    multiple: 1000,
    minRedemptionUnits: '10.0000',
    fees: ['0.50', '0.25', '0.25', '1.00'],
    aum: 410_000_000_000,
    drift: 0.055,
    volatility: 0.02,
  },
];

export interface BondData {
  code: string;
  name: string;
  risk: 1 | 2 | 3 | 4 | 5;
  series: string;
  issuer: string;
  sharia: boolean;
  couponRate: string;
  couponType: 'fixed' | 'floating_with_floor';
  couponFrequencyMonths: 1 | 3 | 6 | 12;
  maturityDate: string;
  minOrder: number; // major units of face value
  orderMultiple: number;
  maxOrder: number | null;
  tradable: boolean;
  /** Secondary prices (percent); null for a bond only in its primary offering. */
  bid: string | null;
  offer: string | null;
  price: string;
  /** Primary offering relative to the seed day: [start days from now, end days from now, settlement days from now]. */
  offering?: [number, number, number];
}

const MOF = 'Kementerian Keuangan Republik Indonesia';

export const BONDS: BondData[] = [
  {
    code: 'ORI025',
    name: 'Obligasi Negara Ritel ORI025',
    risk: 2,
    series: 'ORI',
    issuer: MOF,
    sharia: false,
    couponRate: '6.2500',
    couponType: 'fixed',
    couponFrequencyMonths: 1,
    maturityDate: '2027-02-15',
    minOrder: 1_000_000,
    orderMultiple: 1_000_000,
    maxOrder: null,
    tradable: true,
    bid: '100.6000',
    offer: '101.1000',
    price: '100.8500',
  },
  {
    code: 'SR020',
    name: 'Sukuk Negara Ritel SR020',
    risk: 2,
    series: 'SR',
    issuer: MOF,
    sharia: true,
    couponRate: '6.3000',
    couponType: 'fixed',
    couponFrequencyMonths: 1,
    maturityDate: '2027-03-10',
    minOrder: 1_000_000,
    orderMultiple: 1_000_000,
    maxOrder: null,
    tradable: true,
    bid: '100.1000',
    offer: '100.6000',
    price: '100.3500',
  },
  {
    code: 'FR0100',
    name: 'Obligasi Negara FR0100',
    risk: 2,
    series: 'FR',
    issuer: MOF,
    sharia: false,
    couponRate: '6.6250',
    couponType: 'fixed',
    couponFrequencyMonths: 6,
    maturityDate: '2034-02-15',
    minOrder: 5_000_000,
    orderMultiple: 5_000_000,
    maxOrder: null,
    tradable: true,
    bid: '98.9000',
    offer: '99.5000',
    price: '99.2000',
  },
  {
    code: 'ORI028',
    name: 'Obligasi Negara Ritel ORI028',
    risk: 2,
    series: 'ORI',
    issuer: MOF,
    sharia: false,
    couponRate: '6.4000',
    couponType: 'fixed',
    couponFrequencyMonths: 1,
    maturityDate: '2029-10-15',
    minOrder: 1_000_000,
    orderMultiple: 1_000_000,
    maxOrder: 5_000_000_000,
    tradable: true,
    bid: null,
    offer: null,
    price: '100.0000',
    offering: [-6, 15, 22],
  },
  {
    code: 'ST015',
    name: 'Sukuk Tabungan ST015',
    risk: 2,
    series: 'ST',
    issuer: MOF,
    sharia: true,
    couponRate: '6.5500',
    couponType: 'floating_with_floor',
    couponFrequencyMonths: 1,
    maturityDate: '2028-12-10',
    minOrder: 1_000_000,
    orderMultiple: 1_000_000,
    maxOrder: 10_000_000_000,
    tradable: false,
    bid: null,
    offer: null,
    price: '100.0000',
    offering: [24, 45, 52],
  },
  {
    code: 'SBR014',
    name: 'Savings Bond Ritel SBR014',
    risk: 2,
    series: 'SBR',
    issuer: MOF,
    sharia: false,
    couponRate: '6.6000',
    couponType: 'floating_with_floor',
    couponFrequencyMonths: 1,
    maturityDate: '2027-07-10',
    minOrder: 1_000_000,
    orderMultiple: 1_000_000,
    maxOrder: 10_000_000_000,
    tradable: false,
    bid: null,
    offer: null,
    price: '100.0000',
    offering: [-120, -96, -88],
  },
];
