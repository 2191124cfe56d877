import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/db';
import { ApiError } from '../http/api-error';
import type { FlowContext, Lookup } from '../transactions/contracts';
import type { ServiceExecutor } from '../transactions/contracts';
import { accountById } from '../transactions/account-reads';
import { internalAccount, postEntries } from '../transactions/ledger';
import { txErrors } from '../transactions/errors';
import { bankDate } from '../../shared/bank-time';
import { formatMoney, type Money } from '../../shared/money';
import type { CatalogueProduct } from '../../shared/invest/types';
import { listProducts, timeDepositRate } from './catalogue';

/**
 * Opening a savings account, an ISA or a time deposit: a money flow from the customer's chosen account
 * into the bank's ACCOUNT-OPENING account, whose executor opens the product's own account in the
 * booking's transaction (posting.service) and passes the money on into it (postEntries), so the new account is on the
 * dashboard with its first deposit the moment the receipt shows. The look-up checks the product of
 * the catalogue (never what the page sent): its kind, currency, minimum, and a time deposit's rate.
 */

export type OpeningKind = 'saving' | 'isa' | 'timedeposit';
export const OPENING_ACCOUNT = 'ACCOUNT-OPENING';

const field = (name: string) => `/form/${name}`;

const refusal = (code: string, on: string, eng: [string, string], idn: [string, string]) =>
  new ApiError(
    422,
    'CLICKS',
    code,
    { titleEng: eng[0], titleIdn: idn[0], messageEng: eng[1], messageIdn: idn[1] },
    { [field(on)]: { eng: eng[1], idn: idn[1] } },
  );

const notOffered = () =>
  refusal(
    'PRODUCT_NOT_AVAILABLE',
    'product',
    ['Product not available', 'Please choose one of the products offered.'],
    ['Produk tidak tersedia', 'Silakan pilih salah satu produk yang tersedia.'],
  );

const kindOf = (params: Record<string, unknown>): OpeningKind =>
  params.kind === 'isa' || params.kind === 'timedeposit' ? params.kind : 'saving';

/** The product the form names, of the kind this flow opens. */
async function chosenProduct(db: Queryable, kind: OpeningKind, code: unknown): Promise<CatalogueProduct> {
  if (typeof code !== 'string' || code.length > 40) throw notOffered();
  const [p] = await listProducts(db, kind === 'timedeposit' ? 'timedeposit' : 'saving', code);
  if (!p) throw notOffered();
  if (kind !== 'timedeposit' && (p.facts.openingFlow ?? 'saving') !== kind) throw notOffered();
  return p;
}

/** Whole months after a date (the month's last day when shorter), as the core bank counts a tenor. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last)))
    .toISOString()
    .slice(0, 10);
}

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/** Interest of a deposit to maturity, after the tax withheld (actual days / 365), rounded down. */
export function depositInterest(principal: number, rate: string, days: number, taxRate: string): number {
  // rate and tax are percents with up to 4 and 2 decimals: scale to integers to stay exact.
  const rateScaled = BigInt(Math.round(Number(rate) * 10_000));
  const gross = (BigInt(principal) * rateScaled * BigInt(days)) / (100n * 10_000n * 365n);
  const taxScaled = BigInt(Math.round(Number(taxRate) * 100));
  return Number(gross - (gross * taxScaled) / 10_000n);
}

/** The interest rate a savings product pays on a balance (its highest tier reached). */
function savingsRate(p: CatalogueProduct, amount: number): string | undefined {
  const tiers = p.facts.interestTiers ?? [];
  return [...tiers].reverse().find((t) => amount >= t.from.amount)?.rate ?? tiers[0]?.rate;
}

async function sourceCurrency(ctx: FlowContext): Promise<string> {
  const a = await accountById(ctx.db, Number(ctx.form.sourceOfFund));
  return a?.currency ?? '';
}

/**
 * `product.opening` (inquiry look-up), params {kind}: the product of the catalogue the customer opens,
 * in the source account's currency, at least its minimum; a time deposit's rate for the tenor and
 * amount, its maturity and the interest it earns.
 */
export const openingLookup: Lookup = async (ctx, params) => {
  const kind = kindOf(params);
  const p = await chosenProduct(ctx.db, kind, ctx.form.product);
  const currency = await sourceCurrency(ctx);
  if (currency !== p.currency)
    throw refusal(
      'PRODUCT_CURRENCY',
      'sourceOfFund',
      ['Account currency differs', `${p.name} is opened from an account in ${p.currency}.`],
      ['Mata uang rekening berbeda', `${p.name} dibuka dari rekening dalam ${p.currency}.`],
    );
  const amount: Money = { amount: Number(ctx.form.amount), currency };
  const base = { productCode: p.code, productName: p.name, currency };
  if (kind !== 'timedeposit') {
    const min = p.facts.minOpening ?? { amount: 0, currency };
    if (amount.amount < min.amount) throw txErrors.belowMinimum(field('amount'), min);
    return { ...base, interestRate: `${savingsRate(p, amount.amount) ?? '0'}%`, minOpening: min };
  }
  const tenorMonths = Number(ctx.form.tenorMonths);
  const min = p.facts.minPlacement ?? { amount: 0, currency };
  if (amount.amount < min.amount) throw txErrors.belowMinimum(field('amount'), min);
  if (!p.facts.tenors?.some((t) => t.months === tenorMonths))
    throw refusal(
      'TD_TENOR',
      'tenorMonths',
      [
        'Tenor not offered',
        `${p.name} is offered for ${p.facts.tenors?.map((t) => t.months).join(', ')} months.`,
      ],
      [
        'Tenor tidak tersedia',
        `${p.name} tersedia untuk ${p.facts.tenors?.map((t) => t.months).join(', ')} bulan.`,
      ],
    );
  // Rates are kept with 4 decimals ("4.2500"); shown with 2 unless a third is used.
  const rate = (await timeDepositRate(ctx.db, p.code, tenorMonths, amount)).rate.replace(
    /(\.\d\d[1-9]?)0*$/,
    '$1',
  );
  const placementDate = bankDate();
  const maturityDate = addMonths(placementDate, tenorMonths);
  const interest = depositInterest(
    amount.amount,
    rate,
    daysBetween(placementDate, maturityDate),
    p.facts.taxRate ?? '20',
  );
  return {
    ...base,
    rate,
    rateText: `${rate}%`,
    tenorMonths,
    placementDate,
    maturityDate,
    estimatedInterest: { amount: interest, currency },
    aro: ctx.form.aro === 'aro',
    minOpening: min,
  };
};

/** A new account number of the product's kind (unique; drawn again on the rare clash). */
async function openAccount(
  tx: Queryable,
  customerId: number,
  product: { kind: OpeningKind; code: string; name: string; currency: string },
): Promise<{ id: number; accountNo: string }> {
  const prefix = { saving: '801', isa: '806', timedeposit: '821' }[product.kind];
  for (;;) {
    const accountNo = `${prefix}${String(randomInt(0, 10 ** 9)).padStart(9, '0')}`;
    const { rows } = await tx.query<{ id: string | number }>(
      `INSERT INTO accounts (account_no, customer_id, product, name, currency, balance, floor, details)
       VALUES ($1, $2, $3, $4, $5, 0, 0, $6::jsonb) ON CONFLICT (account_no) DO NOTHING RETURNING id`,
      [
        accountNo,
        customerId,
        product.kind === 'timedeposit' ? 'time_deposit' : 'savings',
        product.name,
        product.currency,
        JSON.stringify({ productCode: product.code, ...(product.kind === 'isa' ? { isa: true } : {}) }),
      ],
    );
    if (rows[0]) return { id: Number(rows[0].id), accountNo };
  }
}

/**
 * `account.open` (the posting's service executor), params {kind}: in the booking's transaction, opens
 * the account of the product quoted (a time deposit with its rate, tenor, maturity and ARO) and moves
 * the booked amount from ACCOUNT-OPENING into it. The receipt shows the new account number.
 */
export const openAccountExecutor: ServiceExecutor = {
  async apply(tx, ctx) {
    const kind = kindOf(ctx.params);
    const d = ctx.details;
    const currency = String(d.currency);
    const amount = Number(ctx.form.amount);
    const account = await openAccount(tx, ctx.customerId, {
      kind,
      code: String(d.productCode),
      name: String(d.productName),
      currency,
    });
    if (kind === 'timedeposit')
      await tx.query(
        `INSERT INTO time_deposits (account_id, principal, rate, tenor_months, placement_date, maturity_date, aro, disbursement_account_id)
         VALUES ($1, $2, $3, $4, $5::date, $6::date, $7, $8)`,
        [
          account.id,
          amount,
          String(d.rate),
          Number(d.tenorMonths),
          String(d.placementDate),
          String(d.maturityDate),
          d.aro === true,
          Number(ctx.form.sourceOfFund),
        ],
      );
    const opening = await internalAccount(tx, OPENING_ACCOUNT, currency);
    await postEntries(tx, ctx.journalId, [
      { accountId: opening, amount: -amount, currency },
      { accountId: account.id, amount, currency },
    ]);
    return {
      newAccountNo: account.accountNo,
      openingBalance: { amount, currency },
      openedText: {
        en: `${String(d.productName)} ${account.accountNo}: ${formatMoney({ amount, currency }, 'en')}`,
        id: `${String(d.productName)} ${account.accountNo}: ${formatMoney({ amount, currency }, 'id')}`,
      },
    };
  },
};
