import type { Queryable } from '../db/db';
import { ApiError } from '../http/api-error';
import type { Money } from '../../shared/money';
import type {
  CatalogueProduct,
  Localized,
  ProductCategory,
  ProductFacts,
  TenorRates,
} from '../../shared/invest/types';
import { money } from './catalogue-rows';

// The bank's own products (savings, time deposits, cards, loans, insurance): the catalogue's list and a
// time deposit's rate.

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

interface ProductRow {
  code: string;
  category: ProductCategory;
  name: string;
  currency: string;
  sharia: boolean;
  facts: unknown;
}

/** Time deposit rates per tenor, tiers ascending, for the given products. */
async function tenorRates(db: Queryable, codes: string[]): Promise<Map<string, TenorRates[]>> {
  const out = new Map<string, TenorRates[]>();
  if (!codes.length) return out;
  const { rows } = await db.query<{
    product_code: string;
    tenor_months: number;
    min_amount: number;
    rate: string;
    currency: string;
  }>(
    `SELECT r.product_code, r.tenor_months, r.min_amount, r.rate::text AS rate, p.currency
       FROM time_deposit_rates r JOIN bank_products p ON p.code = r.product_code
      WHERE r.product_code = ANY($1::text[]) ORDER BY r.product_code, r.tenor_months, r.min_amount`,
    [codes],
  );
  for (const r of rows) {
    const list = out.get(r.product_code) ?? [];
    let tenor = list.find((t) => t.months === r.tenor_months);
    if (!tenor) list.push((tenor = { months: r.tenor_months, tiers: [] }));
    tenor.tiers.push({ from: money(r.min_amount, r.currency), rate: r.rate });
    out.set(r.product_code, list);
  }
  return out;
}

/** The bank's products of one category (or all), in the catalogue's order. */
export async function listProducts(
  db: Queryable,
  category?: ProductCategory,
  code?: string,
): Promise<CatalogueProduct[]> {
  const { rows } = await db.query<ProductRow>(
    `SELECT code, category, name, currency, sharia, facts FROM bank_products
      WHERE active AND ($1::text IS NULL OR category = $1) AND ($2::text IS NULL OR code = $2)
      ORDER BY sort_order, code`,
    [category ?? null, code ?? null],
  );
  const rates = await tenorRates(
    db,
    rows.filter((r) => r.category === 'timedeposit').map((r) => r.code),
  );
  return rows.map((r) => {
    const stored = json<{ description: Localized; highlights: Localized[]; facts: ProductFacts }>(r.facts);
    const facts: ProductFacts = { ...stored.facts };
    if (r.category === 'timedeposit') facts.tenors = rates.get(r.code) ?? [];
    return {
      code: r.code,
      category: r.category,
      name: r.name,
      currency: r.currency.trim(),
      sharia: r.sharia,
      description: stored.description,
      highlights: stored.highlights,
      facts,
    };
  });
}

/**
 * For the time deposit opening flow (engine): the yearly rate of a deposit of `amount` for
 * `tenorMonths`, from the highest tier the amount reaches. Below the minimum placement, a tenor the
 * product lacks or a currency it does not take: the spec's apierror, both languages.
 */
export async function timeDepositRate(
  db: Queryable,
  productCode: string,
  tenorMonths: number,
  amount: Money,
): Promise<{ rate: string; minPlacement: Money }> {
  const [product] = await listProducts(db, 'timedeposit', productCode);
  const refuse = (code: string, en: string, id: string) =>
    new ApiError(422, 'CLICKS', code, {
      titleEng: 'Time deposit not possible',
      titleIdn: 'Deposito tidak dapat dibuka',
      messageEng: en,
      messageIdn: id,
    });
  if (!product?.facts.minPlacement)
    throw refuse('TD_PRODUCT', 'This time deposit is not offered.', 'Deposito ini tidak ditawarkan.');
  const min = product.facts.minPlacement;
  if (amount.currency !== product.currency)
    throw refuse(
      'TD_CURRENCY',
      `This deposit is placed in ${product.currency}.`,
      `Deposito ini ditempatkan dalam ${product.currency}.`,
    );
  const tenor = product.facts.tenors?.find((t) => t.months === tenorMonths);
  if (!tenor)
    throw refuse('TD_TENOR', 'Choose one of the tenors offered.', 'Pilih salah satu tenor yang ditawarkan.');
  if (amount.amount < min.amount)
    throw refuse(
      'TD_MIN_PLACEMENT',
      'The amount is below the minimum placement.',
      'Jumlah di bawah penempatan minimum.',
    );
  const tier = [...tenor.tiers].reverse().find((t) => amount.amount >= t.from.amount)!;
  return { rate: tier.rate, minPlacement: min };
}
