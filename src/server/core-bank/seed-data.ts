// The demo seed's data (seed-data/*.json) and its shapes. Money is in minor units of its currency (sen,
// cents; XAU in 1/10000 gram), as the ledger keeps it; a date is whole days before the seed's day at an
// hour (UTC), so the history is the same all day. "$comment" keys are notes for the reader.
import personasFile from './seed-data/personas.json';
import limitsFile from './seed-data/limits.json';
import bannersFile from './seed-data/banners.json';
import investmentProductsFile from './seed-data/investment-products.json';
import historiesFile from './seed-data/histories.json';
import budisantoso from './seed-data/banking/budisantoso.json';
import saridewi from './seed-data/banking/saridewi.json';
import andiwijaya from './seed-data/banking/andiwijaya.json';
import rinanodefault from './seed-data/banking/rinanodefault.json';
import dewifds from './seed-data/banking/dewifds.json';
import bayubds from './seed-data/banking/bayubds.json';

export interface PersonaSpec {
  userId: string;
  password: string;
  appPin: string;
  secureWord: string;
  title: 'Mr.' | 'Ms.';
  fullName: string;
  displayName: string;
  cif: string;
  email: string;
  dateOfBirth: string;
  phones: string[];
  loginChallenge?: 'fds' | 'bds';
  /** The ATM (debit) card of the main savings account: forgot password / e-debit ask for it. */
  atm?: { last4: string; pin: string };
}

/** When, relative to the seed's day. */
export interface DaysAgo {
  daysAgo: number;
  hour: number;
}

/** An account of a persona; `key` names it in the persona's other data. */
export interface AccountSpec {
  key: string;
  accountNo: string;
  product: string;
  name: string;
  currency: string;
  floor?: number;
  details?: Record<string, unknown>;
  opened: DaysAgo;
  /** A supplementary card's main card: another persona's account (its id goes into details.mainAccountId). */
  mainCard?: { userId: string; account: string };
}

/** A credit card on one of the persona's accounts (its number is the account's). */
export interface CardSpec {
  account: string;
  cardName: string;
  embossedName: string;
  limit: number;
}

/**
 * One balanced journal between a persona's accounts (by key): `from` gives the amount and the fee,
 * `to` receives the amount (or `toAmount`, in its own currency); `entries` lists credits of several
 * accounts instead. What does not balance goes to the seed's clearing account of the currency.
 */
export interface PostingSpec {
  flowId: string;
  description: string;
  amount: number;
  /** The journal's currency: IDR unless said. */
  currency?: string;
  from?: string;
  to?: string;
  toAmount?: number;
  /** Taken from `from` with the amount, and written in the details. */
  fee?: number;
  entries?: Array<{ account: string; amount: number }>;
  details?: Record<string, unknown>;
}

export type BankingEvent =
  | ({ kind: 'posting' } & DaysAgo & PostingSpec)
  | {
      kind: 'card-purchases';
      account: string;
      hour: number;
      flowId: string;
      purchases: Array<{ merchant: string; amount: number; daysAgo: number }>;
    }
  | {
      /** Placed from `from` on the day its account opened. */
      kind: 'time-deposit';
      account: string;
      principal: number;
      rate: string;
      tenorMonths: number;
      aro: boolean;
      from: string;
      disbursementAccount: string;
      flowId: string;
      description: string;
    }
  | {
      /** Disbursed to `to` on the day its account opened. */
      kind: 'loan';
      account: string;
      loanType: string;
      plafond: number;
      rate: string;
      tenorMonths: number;
      installment: number;
      debitAccount: string;
      to: string;
      flowId: string;
      description: string;
    }
  | { kind: 'history'; template: string };

/** An event of a history template's month, on its `day` (days into the month) at `hour`. */
export type HistoryEvent =
  | ({
      kind?: 'posting';
      day: number;
      hour: number;
      /** The amount grows by `step` a month, modulo `modulo` (a bill that is not the same every month). */
      monthlyVariation?: { step: number; modulo: number };
    } & PostingSpec)
  | {
      /** `count` purchases, `everyDays` apart and an hour later each, going round the shops. */
      kind: 'card-purchases';
      account: string;
      count: number;
      day: number;
      everyDays: number;
      hour: number;
      flowId: string;
      shops: Array<{ merchant: string; amount: number }>;
    }
  | {
      /** The card (`to`) paid from `from` for what was spent on it before this month. */
      kind: 'card-bill';
      day: number;
      hour: number;
      flowId: string;
      description: string;
      from: string;
      to: string;
    };

/** Months of history, from `months` 30-day months ago to the seed's day. */
export interface HistoryTemplate {
  months: number;
  events: HistoryEvent[];
}

/** What a persona holds and did, in the order it is written. */
export interface PersonaBanking {
  userId: string;
  accounts: AccountSpec[];
  cards?: CardSpec[];
  defaults?: { source: string; receiving: string };
  events: BankingEvent[];
  investments?: {
    accountNo: string;
    opened: DaysAgo;
    holdings: Array<{ code: string; units?: string; faceValue?: number; cost: number }>;
  };
  insurance?: Array<{
    policyNo: string;
    provider: string;
    product: string;
    currency: string;
    sumAssured: number;
    premium: number;
    status: string;
    startDaysAgo: number;
    endDaysAgo: number;
  }>;
  poinXtra?: { points: number; history: Array<{ points: number; description: string } & DaysAgo> };
}

export interface InvestmentProductSpec {
  code: string;
  kind: 'mutual_fund' | 'bond';
  name: string;
  currency: string;
  fundType?: string;
  riskLevel: number;
  /** Decimals as text, as the database's numeric keeps them. */
  nav?: string;
  price?: string;
  couponRate?: string;
  maturityDate?: string;
}

export interface BannerSpec {
  key: string;
  page: string;
  titleEng: string;
  titleIdn: string;
  messageEng: string;
  messageIdn: string;
  flowVariants?: string[];
}

// JSON's inferred types widen literals ('Mr.' to string): the files are read as the shapes above.
/** The demo personas of CONTRACTS.md "Demo personas" (exported for tests and the README). */
export const PERSONAS = personasFile as PersonaSpec[];
/** Limits per category: the least of a transaction, the most of one, and of a day. */
export const LIMITS = limitsFile as Record<string, { min: number; maxPerTransaction: number; daily: number }>;
export const DEMO_BANNERS = bannersFile as BannerSpec[];
/** Investment products the bank sells: the demo catalogue (prices as of the seed day). */
export const INVESTMENT_PRODUCTS = investmentProductsFile as InvestmentProductSpec[];
export const HISTORIES = historiesFile as unknown as Record<string, HistoryTemplate>;
/** Each persona's banking, by user id. */
export const BANKING: ReadonlyMap<string, PersonaBanking> = new Map(
  [budisantoso, saridewi, andiwijaya, rinanodefault, dewifds, bayubds].map((b) => [
    b.userId,
    b as unknown as PersonaBanking,
  ]),
);
