/**
 * The bank's product catalogue as data: savings, time deposits (rates per tenor and amount),
 * credit cards, loans, insurance, and the funds and bonds it distributes, in catalogue-data/*.json.
 * Seeded into the tables of migration 080 by ./seed.ts; product analysts change products there, not in
 * code. Money in a product's facts is { amount (minor units), currency }; elsewhere the comments say.
 */
import type { Localized, ProductCategory, ProductFacts } from '../../shared/invest/types';
import bankProductsFile from './catalogue-data/bank-products.json';
import fundsFile from './catalogue-data/funds.json';
import bondsFile from './catalogue-data/bonds.json';

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

// JSON's inferred types widen literals and tuples: the files are read as the shapes above.
export const BANK_PRODUCTS = bankProductsFile as unknown as BankProductData[];
export const FUNDS = fundsFile as FundData[];
export const BONDS = bondsFile as BondData[];
