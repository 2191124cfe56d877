import type { Queryable } from '../db/db';
import { minorDigits, type Money } from '../../shared/money';
import { FX_DECLARATION_USD_MONTHLY } from '../../shared/constants';

/**
 * Foreign-currency purchases against rupiah (Bank Indonesia's rule, spec sections 5 and 9): a
 * customer's purchases in a (Jakarta) month may reach USD 100,000 without an underlying document;
 * above it one must be on file. A purchase of more than USD 25,000 carries the declaration on its
 * receipt. Thai baht and Malaysian ringgit are exempt (bought under Local Currency Settlement): they
 * neither count towards the total nor need the declaration.
 */
export const DECLARATION_RULES = {
  monthlyThresholdUsd: FX_DECLARATION_USD_MONTHLY * 100,
  receiptDeclarationUsd: 25_000 * 100,
  exemptCurrencies: ['THB', 'MYR'] as readonly string[],
} as const;

const SCALE = 10_000n;
const scaled = (text: string) => {
  const [i, f = ''] = text.split('.');
  return BigInt(i!) * SCALE + BigInt((f + '0000').slice(0, 4));
};

/** Board mid rates (IDR per unit, scaled by 10^4) of the currencies asked for, and USD. */
async function midRates(db: Queryable, currencies: string[]): Promise<Map<string, bigint>> {
  const { rows } = await db.query<{ currency: string; buy: string; sell: string }>(
    'SELECT currency, buy::text AS buy, sell::text AS sell FROM exchange_rates WHERE currency = ANY($1::text[])',
    [[...new Set([...currencies, 'USD'])]],
  );
  return new Map(rows.map((r) => [r.currency.trim(), (scaled(r.buy) + scaled(r.sell)) / 2n]));
}

/** USD cents of an amount in a foreign currency, at board mid rates (rounded up: never under-counted). */
function toUsd(m: Money, rates: Map<string, bigint>): number {
  if (m.currency === 'USD') return m.amount;
  const r = rates.get(m.currency);
  const usd = rates.get('USD');
  if (r === undefined || usd === undefined) throw new Error(`no board rate for ${m.currency}`);
  // amount / 10^d * r = idr; idr / usd * 10^2 = cents
  const num = BigInt(m.amount) * r * 100n;
  const den = usd * 10n ** BigInt(minorDigits(m.currency));
  return Number((num + den - 1n) / den);
}

export interface MonthlyPurchases {
  /** "YYYY-MM", Jakarta. */
  month: string;
  totalUsd: Money;
  byCurrency: Money[];
}

/**
 * The customer's foreign currency bought with rupiah this Jakarta month, from the ledger: what the
 * bank's FX position gave out in journals that debited one of the customer's rupiah accounts
 * (failed, reversed journals are left out), exempt currencies aside.
 */
export async function monthlyPurchases(
  db: Queryable,
  customerId: number,
  now = new Date(),
): Promise<MonthlyPurchases> {
  const { rows } = await db.query<{ month: string; currency: string; amount: number }>(
    `WITH m AS (SELECT to_char($2::timestamptz AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM') AS month)
     SELECT m.month, e.currency, coalesce(-sum(e.amount), 0)::bigint AS amount
       FROM m
       LEFT JOIN journal j ON j.customer_id = $1 AND j.status <> 'failed'
            AND to_char(j.created_at AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM') = m.month
            AND EXISTS (SELECT 1 FROM ledger_entries d JOIN accounts da ON da.id = d.account_id
                         WHERE d.journal_id = j.id AND da.customer_id = $1 AND d.currency = 'IDR' AND d.amount < 0)
       LEFT JOIN ledger_entries e ON e.journal_id = j.id AND e.amount < 0 AND e.currency <> 'IDR'
            AND e.currency <> ALL($3::text[])
            AND e.account_id IN (SELECT id FROM accounts WHERE product = 'internal' AND account_no LIKE 'FX-POSITION-%')
      GROUP BY m.month, e.currency`,
    [customerId, now.toISOString(), DECLARATION_RULES.exemptCurrencies],
  );
  const byCurrency = rows
    .filter((r) => r.currency !== null && Number(r.amount) > 0)
    .map((r) => ({ amount: Number(r.amount), currency: r.currency.trim() }));
  const rates = await midRates(
    db,
    byCurrency.map((m) => m.currency),
  );
  const total = byCurrency.reduce((s, m) => s + toUsd(m, rates), 0);
  return { month: rows[0]!.month, totalUsd: { amount: total, currency: 'USD' }, byCurrency };
}

export interface Declaration {
  exempt: boolean;
  month: string;
  monthTotalUsd: Money;
  /** The month's total with this purchase. */
  afterUsd: Money;
  purchaseUsd: Money;
  thresholdUsd: Money;
  /** Above the monthly threshold: an underlying document must be on file. */
  documentRequired: boolean;
  documentsOnFile: number;
  /** Whether the purchase may go ahead as far as this rule goes. */
  allowed: boolean;
  /** Above USD 25,000: the receipt carries the declaration. */
  receiptDeclaration: boolean;
}

/** What a purchase of `purchase` (foreign currency, bought with rupiah) needs. */
export async function declarationFor(
  db: Queryable,
  customerId: number,
  purchase: Money,
  now = new Date(),
): Promise<Declaration> {
  const usd = (amount: number): Money => ({ amount, currency: 'USD' });
  const m = await monthlyPurchases(db, customerId, now);
  const exempt = DECLARATION_RULES.exemptCurrencies.includes(purchase.currency);
  const rates = await midRates(db, [purchase.currency]);
  const purchaseUsd = purchase.currency === 'IDR' || exempt ? 0 : toUsd(purchase, rates);
  const after = m.totalUsd.amount + purchaseUsd;
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM underlying_documents WHERE customer_id = $1 AND deleted_at IS NULL',
    [customerId],
  );
  const documentsOnFile = rows[0]!.n;
  const documentRequired = !exempt && after > DECLARATION_RULES.monthlyThresholdUsd;
  return {
    exempt,
    month: m.month,
    monthTotalUsd: m.totalUsd,
    afterUsd: usd(after),
    purchaseUsd: usd(purchaseUsd),
    thresholdUsd: usd(DECLARATION_RULES.monthlyThresholdUsd),
    documentRequired,
    documentsOnFile,
    allowed: !documentRequired || documentsOnFile > 0,
    receiptDeclaration: !exempt && purchaseUsd > DECLARATION_RULES.receiptDeclarationUsd,
  };
}
