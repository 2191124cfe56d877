import type { Queryable } from '../db/db';
import type { ServiceExecutor, ServiceRequestContext } from '../transactions/contracts';
import type { ChoiceSource } from '../transactions/contracts';
import { formatMoney } from '../../shared/money';
import { DAY_MS, money, refusal, str } from './card-service-kit';

/** A card purchase converted to instalments (cards.purchases, card.convertInstalment). */

/** A purchase of at least this much (minor units of IDR) can be converted, within PURCHASE_DAYS of it. */
export const INSTALMENT_MINIMUM = 50_000_000; // Rp 500.000
export const PURCHASE_DAYS = 60;
/** Flat interest, percent a month, by tenor (months). */
export const INSTALMENT_RATES: Record<number, number> = { 3: 0, 6: 0.75, 12: 0.99 };

interface Purchase {
  journalId: number;
  referenceNo: string;
  accountId: number;
  amount: number;
  date: string;
  descriptionEng: string;
  descriptionIdn: string;
}

const PURCHASE_SQL = `
  SELECT j.id, j.reference_no, le.account_id, -le.amount AS amount, j.created_at,
         COALESCE(j.description_eng, j.description) AS description_eng, j.description
    FROM ledger_entries le
    JOIN journal j ON j.id = le.journal_id
    JOIN accounts a ON a.id = le.account_id
   WHERE a.customer_id = $1 AND a.product = 'credit_card' AND a.status = 'active'
     AND le.amount <= $2::bigint AND j.status = 'success' AND le.created_at >= $3::timestamptz
     AND NOT EXISTS (SELECT 1 FROM card_instalments i WHERE i.purchase_journal_id = j.id)`;

type PurchaseRow = {
  id: string;
  reference_no: string;
  account_id: string;
  amount: string;
  created_at: Date | string;
  description_eng: string;
  description: string;
};

const purchaseOf = (r: PurchaseRow): Purchase => ({
  journalId: Number(r.id),
  referenceNo: r.reference_no,
  accountId: Number(r.account_id),
  amount: Number(r.amount),
  date: new Date(r.created_at).toISOString().slice(0, 10),
  descriptionEng: r.description_eng,
  descriptionIdn: r.description,
});

const sinceIso = () => new Date(Date.now() - PURCHASE_DAYS * DAY_MS).toISOString();

/** cards.purchases: the card purchases that can still be converted to instalments (value = reference). */
export const instalmentablePurchases: ChoiceSource = async ({ db, customerId }) => {
  const { rows } = await db.query<PurchaseRow>(`${PURCHASE_SQL} ORDER BY j.created_at DESC LIMIT 50`, [
    customerId,
    -INSTALMENT_MINIMUM,
    sinceIso(),
  ]);
  return rows.map(purchaseOf).map((p) => ({
    value: p.referenceNo,
    labelEng: `${p.date} · ${p.descriptionEng} · ${formatMoney(money(p.amount), 'en')}`,
    labelIdn: `${p.date} · ${p.descriptionIdn} · ${formatMoney(money(p.amount), 'id')}`,
    detail: { currency: 'IDR', amount: money(p.amount), date: p.date },
  }));
};

const purchaseNotAvailable = (field: string) =>
  refusal(
    422,
    'PURCHASE_NOT_CONVERTIBLE',
    field,
    [
      'Transaction cannot be converted',
      `Choose a card purchase of at least Rp 500.000 from the last ${PURCHASE_DAYS} days that is not in instalments yet.`,
    ],
    [
      'Transaksi tidak dapat dicicil',
      `Pilih transaksi kartu minimal Rp 500.000 dalam ${PURCHASE_DAYS} hari terakhir yang belum dicicil.`,
    ],
  );

async function purchaseToConvert(
  db: Queryable,
  ctx: ServiceRequestContext,
  field: string,
): Promise<Purchase> {
  const ref = ctx.form[field];
  if (typeof ref !== 'string') throw purchaseNotAvailable(field);
  const { rows } = await db.query<PurchaseRow>(`${PURCHASE_SQL} AND j.reference_no = $4`, [
    ctx.customerId,
    -INSTALMENT_MINIMUM,
    sinceIso(),
    ref,
  ]);
  if (!rows[0]) throw purchaseNotAvailable(field);
  return purchaseOf(rows[0]);
}

/** Monthly amount (whole rupiah, rounded up) and total interest of a flat-rate plan. */
export function instalmentPlan(principal: number, tenor: number) {
  const rate = INSTALMENT_RATES[tenor] ?? 0;
  const interest = Math.round((principal * rate * tenor) / 100);
  const monthly = Math.ceil((principal + interest) / tenor / 100) * 100;
  return { rate, interest, monthly };
}

function planDetails(p: Purchase, tenor: number) {
  const plan = instalmentPlan(p.amount, tenor);
  return {
    purchaseDate: p.date,
    purchaseAmount: money(p.amount),
    tenorMonths: { eng: `${tenor} months`, idn: `${tenor} bulan` },
    monthlyRate: { eng: `${plan.rate}% a month`, idn: `${plan.rate}% per bulan` },
    monthlyInstalment: money(plan.monthly),
    totalInterest: money(plan.interest),
  };
}

const tenorOf = (ctx: ServiceRequestContext) => Number(ctx.form[str(ctx.params.tenorField, 'tenor')]);

/** card.convertInstalment: a card purchase becomes 3, 6 or 12 monthly instalments (once per purchase). */
export const convertInstalment: ServiceExecutor = {
  async check(db, ctx) {
    const p = await purchaseToConvert(db, ctx, str(ctx.params.field, 'transaction'));
    return planDetails(p, tenorOf(ctx));
  },
  async apply(tx, ctx) {
    const field = str(ctx.params.field, 'transaction');
    const p = await purchaseToConvert(tx, ctx, field);
    const tenor = tenorOf(ctx);
    const plan = instalmentPlan(p.amount, tenor);
    // The UNIQUE purchase makes a second confirm of the same purchase write nothing.
    const { rowCount } = await tx.query(
      `INSERT INTO card_instalments (account_id, purchase_journal_id, journal_id, principal, tenor_months, monthly_rate, monthly_amount)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (purchase_journal_id) DO NOTHING`,
      [p.accountId, p.journalId, ctx.journalId, p.amount, tenor, plan.rate, plan.monthly],
    );
    if (rowCount !== 1) throw purchaseNotAvailable(field);
    return planDetails(p, tenor);
  },
};
