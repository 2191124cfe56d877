import type { Queryable } from '../db/db';
import type { ServiceExecutor, ServiceRequestContext } from '../transactions/contracts';
import type { ChoiceSource } from '../transactions/contracts';
import { ApiError } from '../http/api-error';
import { listProducts } from './catalogue';
import { simulateLoan } from '../../shared/invest/loan-simulation';
import type { CatalogueProduct, ProductCategory } from '../../shared/invest/types';
import type { Money } from '../../shared/money';

/**
 * Applications for the bank's products (loan, credit card): the application is recorded for the back
 * office in service_requests, once per product kind while one is open, checked against the product's
 * own facts (amount, tenor, income) from the catalogue, never from what the page sent.
 */

const CATEGORIES: readonly ProductCategory[] = ['saving', 'timedeposit', 'creditcard', 'loan', 'insurance'];

const text = (ctx: ServiceRequestContext, key: string, fallback: string) =>
  typeof ctx.params[key] === 'string' ? (ctx.params[key] as string) : fallback;

const categoryOf = (ctx: ServiceRequestContext): ProductCategory => {
  const c = text(ctx, 'category', '');
  return (CATEGORIES as readonly string[]).includes(c) ? (c as ProductCategory) : 'loan';
};

const fieldError = (
  code: string,
  field: string,
  title: { eng: string; idn: string },
  message: { eng: string; idn: string },
  inline: { eng: string; idn: string },
) =>
  new ApiError(
    422,
    'CLICKS',
    code,
    { titleEng: title.eng, titleIdn: title.idn, messageEng: message.eng, messageIdn: message.idn },
    { [`/form/${field}`]: inline },
  );

const productNotOffered = (field: string) =>
  fieldError(
    'PRODUCT_NOT_AVAILABLE',
    field,
    { eng: 'Product not available', idn: 'Produk tidak tersedia' },
    {
      eng: 'Please choose one of the products offered.',
      idn: 'Silakan pilih salah satu produk yang tersedia.',
    },
    { eng: 'Choose one of the products', idn: 'Pilih salah satu produk' },
  );

const applicationOpen = () =>
  new ApiError(409, 'CLICKS', 'APPLICATION_IN_PROGRESS', {
    titleEng: 'Application already in progress',
    titleIdn: 'Pengajuan sedang diproses',
    messageEng:
      'You already have an application for this kind of product being processed. We will contact you.',
    messageIdn:
      'Anda sudah memiliki pengajuan untuk jenis produk ini yang sedang diproses. Kami akan menghubungi Anda.',
  });

/** The receipt shows the text in the customer's language. */
const RECEIVED = {
  eng: 'Received: we will contact you within one working day',
  idn: 'Diterima: kami akan menghubungi Anda dalam satu hari kerja',
};

const idr = (n: number) => new Intl.NumberFormat('id-ID').format(Math.floor(n / 100));

async function chosenProduct(db: Queryable, ctx: ServiceRequestContext): Promise<CatalogueProduct> {
  const field = text(ctx, 'field', 'product');
  const code = ctx.form[field];
  const [p] =
    typeof code === 'string' && code.length <= 40 ? await listProducts(db, categoryOf(ctx), code) : [];
  if (!p) throw productNotOffered(field);
  return p;
}

function checkIncome(ctx: ServiceRequestContext, p: CatalogueProduct) {
  const min = p.facts.minIncome?.amount;
  const income = Number(ctx.form.monthlyIncome);
  if (min !== undefined && Number.isSafeInteger(income) && income < min)
    throw fieldError(
      'INCOME_BELOW_MINIMUM',
      'monthlyIncome',
      { eng: 'Income below the minimum', idn: 'Penghasilan di bawah minimum' },
      {
        eng: `${p.name} needs a monthly income of at least Rp ${idr(min)}.`,
        idn: `${p.name} memerlukan penghasilan bulanan minimal Rp ${idr(min)}.`,
      },
      { eng: `At least Rp ${idr(min)}`, idn: `Minimal Rp ${idr(min)}` },
    );
}

async function hasOpenApplication(db: Queryable, customerId: number, kind: string) {
  const { rows } = await db.query(
    `SELECT 1 FROM service_requests WHERE customer_id = $1 AND kind = $2 AND status = 'received' LIMIT 1`,
    [customerId, kind],
  );
  return rows.length > 0;
}

async function record(tx: Queryable, ctx: ServiceRequestContext & { journalId: number }, kind: string) {
  // Under the confirm's lock on this customer, so two confirms cannot both pass the check.
  if (await hasOpenApplication(tx, ctx.customerId, kind)) throw applicationOpen();
  const { rows } = await tx.query<{ id: string | number }>(
    `INSERT INTO service_requests (journal_id, customer_id, flow_id, kind, form)
     VALUES ($1, $2, $3, $4, $5::jsonb) RETURNING id`,
    [ctx.journalId, ctx.customerId, ctx.flow.id, kind, JSON.stringify(ctx.form)],
  );
  return `APP${String(rows[0]!.id).padStart(8, '0')}`;
}

/** The loan is paid into one of the customer's own active savings accounts in the loan's currency. */
async function checkDisbursementAccount(db: Queryable, ctx: ServiceRequestContext, currency: string) {
  const id = Number(ctx.form.disbursementAccount);
  const { rows } = Number.isSafeInteger(id)
    ? await db.query(
        `SELECT 1 FROM accounts WHERE id = $1 AND customer_id = $2 AND product = 'savings'
            AND status = 'active' AND currency = $3`,
        [id, ctx.customerId, currency],
      )
    : { rows: [] };
  if (!rows.length)
    throw fieldError(
      'ACCOUNT_NOT_ALLOWED',
      'disbursementAccount',
      { eng: 'Account not available', idn: 'Rekening tidak tersedia' },
      {
        eng: 'Please choose one of your own savings accounts offered.',
        idn: 'Silakan pilih salah satu rekening tabungan Anda yang tersedia.',
      },
      { eng: 'Choose one of the options', idn: 'Pilih salah satu pilihan' },
    );
}

interface LoanTerms {
  product: CatalogueProduct;
  amount: number;
  tenorMonths: number;
}

async function loanTerms(db: Queryable, ctx: ServiceRequestContext): Promise<LoanTerms> {
  const product = await chosenProduct(db, ctx);
  const f = product.facts;
  const amount = Number(ctx.form.amount);
  const min = f.minAmount?.amount ?? 0;
  const max = f.maxAmount?.amount ?? Number.MAX_SAFE_INTEGER;
  if (!Number.isSafeInteger(amount) || amount < min || amount > max)
    throw fieldError(
      'LOAN_AMOUNT_OUT_OF_RANGE',
      'amount',
      { eng: 'Amount not possible', idn: 'Jumlah tidak dapat diajukan' },
      {
        eng: `${product.name} lends from Rp ${idr(min)} to Rp ${idr(max)}.`,
        idn: `${product.name} memberikan pinjaman Rp ${idr(min)} sampai Rp ${idr(max)}.`,
      },
      { eng: `Rp ${idr(min)} to Rp ${idr(max)}`, idn: `Rp ${idr(min)} sampai Rp ${idr(max)}` },
    );
  const tenorMonths = Number(ctx.form.tenorMonths);
  const tenors = f.tenorMonths ?? [];
  if (!tenors.includes(tenorMonths))
    throw fieldError(
      'LOAN_TENOR',
      'tenorMonths',
      { eng: 'Tenor not offered', idn: 'Tenor tidak tersedia' },
      {
        eng: `${product.name} is offered for ${tenors.join(', ')} months.`,
        idn: `${product.name} tersedia untuk ${tenors.join(', ')} bulan.`,
      },
      { eng: `Choose ${tenors.join(', ')} months`, idn: `Pilih ${tenors.join(', ')} bulan` },
    );
  checkIncome(ctx, product);
  await checkDisbursementAccount(db, ctx, product.currency);
  return { product, amount, tenorMonths };
}

function loanDetails({ product, amount, tenorMonths }: LoanTerms): Record<string, unknown> {
  const rate = product.facts.yearlyRate ?? '0';
  const s = simulateLoan({ amount, yearlyRate: rate, tenorMonths });
  const money = (n: number): Money => ({ amount: n, currency: product.currency });
  const provision = Math.round((amount * Number(product.facts.provisionFee ?? '0')) / 100);
  return {
    productName: product.name,
    yearlyRate: `${rate}%`,
    instalment: money(s.instalment),
    totalInterest: money(s.totalInterest),
    totalPayment: money(s.totalPayment),
    provisionFee: money(provision),
    adminFee: product.facts.adminFee ?? money(0),
    firstDueDate: firstDueDate(),
  };
}

/** The first instalment is due a month after disbursement (the day after approval, at the earliest). */
function firstDueDate(now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, Math.min(now.getUTCDate(), 28)));
  return d.toISOString().slice(0, 10);
}

/**
 * loan.apply: a loan application with its simulation. params: `field` (the product field, default
 * "product"). Form: amount (minor units), tenorMonths, monthlyIncome, disbursementAccount. Verify shows
 * the instalment, interest and fees (`inquiry.instalment`...); the receipt the application number.
 */
const applyForLoan: ServiceExecutor = {
  async check(db, ctx) {
    const terms = await loanTerms(db, { ...ctx, params: { ...ctx.params, category: 'loan' } });
    if (await hasOpenApplication(db, ctx.customerId, 'loan.application')) throw applicationOpen();
    return loanDetails(terms);
  },
  async apply(tx, ctx) {
    const terms = await loanTerms(tx, { ...ctx, params: { ...ctx.params, category: 'loan' } });
    const applicationNo = await record(tx, ctx, 'loan.application');
    return { ...loanDetails(terms), applicationNo, requestStatus: RECEIVED };
  },
};

/**
 * product.apply: an application for a product of the catalogue (credit card). params: `category`,
 * `field` (default "product"). Refused below the product's minimum income and while an application of
 * the same category is open.
 */
const applyForProduct: ServiceExecutor = {
  async check(db, ctx) {
    const p = await chosenProduct(db, ctx);
    checkIncome(ctx, p);
    if (await hasOpenApplication(db, ctx.customerId, `${categoryOf(ctx)}.application`))
      throw applicationOpen();
    return { productName: p.name };
  },
  async apply(tx, ctx) {
    const p = await chosenProduct(tx, ctx);
    checkIncome(ctx, p);
    const applicationNo = await record(tx, ctx, `${categoryOf(ctx)}.application`);
    return { productName: p.name, applicationNo, requestStatus: RECEIVED };
  },
};

export const investServiceExecutors = {
  'loan.apply': applyForLoan,
  'product.apply': applyForProduct,
} satisfies Record<string, ServiceExecutor>;

/**
 * catalogue.products: the bank's products of `params.category` (with `openingFlow`, only those an
 * opening flow of that kind opens), as options (value = product code).
 */
export const investChoiceSources = {
  'catalogue.products': (async ({ db, spec }) => {
    const c = spec.params?.category;
    const category = (CATEGORIES as readonly unknown[]).includes(c) ? (c as ProductCategory) : undefined;
    const opening = spec.params?.openingFlow;
    const products = (category ? await listProducts(db, category) : []).filter(
      (p) => opening === undefined || (p.facts.openingFlow ?? 'saving') === opening,
    );
    return products.map((p) => ({
      value: p.code,
      labelEng: p.name,
      labelIdn: p.name,
      detail: {
        currency: p.currency,
        ...(p.facts.tenorMonths ? { tenorMonths: p.facts.tenorMonths } : {}),
        ...(p.facts.minOpening ? { minOpening: p.facts.minOpening } : {}),
        ...(p.facts.minPlacement ? { minPlacement: p.facts.minPlacement } : {}),
      },
    }));
  }) satisfies ChoiceSource,
};
