import type { Queryable } from '../db/db';
import type { Money } from '../../shared/money';
import { ApiError } from '../http/api-error';
import { portfolio } from '../core-bank/portfolio';
import { holdings } from './investments';
import { pendingOrders } from '../invest/pending-orders';

const m = (amount: number, currency: string): Money => ({ amount, currency });

/** IDR value of minor units of `currency` at the board's buy rate, exactly (BigInt on the rate's decimals). */
export function toIdr(amount: number, currency: string, rates: Map<string, string>): number {
  if (currency === 'IDR') return amount;
  const rate = rates.get(currency);
  if (!rate) return 0;
  const [whole, frac = ''] = rate.split('.');
  const scaled = BigInt(`${whole}${frac.padEnd(4, '0').slice(0, 4)}`);
  const product = BigInt(amount) * scaled;
  // round half up at the 4 decimals of the rate
  return Number((product + 5_000n) / 10_000n);
}

async function boardRates(db: Queryable): Promise<Map<string, string>> {
  const { rows } = await db.query<{ currency: string; buy: string }>(
    'SELECT currency, buy::text AS buy FROM exchange_rates',
  );
  return new Map(rows.map((r) => [r.currency.trim(), r.buy]));
}

export const noInvestmentProduct = () =>
  new ApiError(404, 'WMS', '0912', {
    titleEng: 'Product not found',
    titleIdn: 'Produk tidak ditemukan',
    messageEng: 'This investment product is not available.',
    messageIdn: 'Produk investasi ini tidak tersedia.',
  });

export const noLoan = () =>
  new ApiError(404, 'CLICKS', '5072', {
    titleEng: 'No loan',
    titleIdn: 'Tidak ada pinjaman',
    messageEng: 'You do not have an Octo Loan yet.',
    messageIdn: 'Anda belum memiliki Octo Loan.',
  });

export const noInstallments = () =>
  new ApiError(404, 'CLICKS', '1213', {
    titleEng: 'No installments',
    titleIdn: 'Tidak ada cicilan',
    messageEng: 'You have no installments at the moment.',
    messageIdn: 'Anda tidak memiliki cicilan saat ini.',
  });

export const noInsurance = () =>
  new ApiError(404, 'CLICKS', '0040', {
    titleEng: 'No insurance policy',
    titleIdn: 'Tidak ada polis asuransi',
    messageEng: 'You do not have an insurance policy of this kind.',
    messageIdn: 'Anda tidak memiliki polis asuransi jenis ini.',
  });

export const withdrawalNotFound = () =>
  new ApiError(404, 'CLICKS', 'WITHDRAWAL_NOT_FOUND', {
    titleEng: 'Withdrawal not found',
    titleIdn: 'Penarikan tidak ditemukan',
    messageEng: 'This withdrawal is not one of yours.',
    messageIdn: 'Penarikan ini tidak ditemukan pada pinjaman Anda.',
  });

/** The investment portfolio: every holding with its cost, value and gain, and the mix by kind of fund. */
export async function investmentPortfolio(db: Queryable, customerId: number) {
  const [funds, bonds, rates, info] = await Promise.all([
    holdings(db, customerId, 'mutual_fund'),
    holdings(db, customerId, 'bond'),
    boardRates(db),
    db.query<{ code: string; fund_type: string | null; risk_level: number; kind: string }>(
      `SELECT p.code, p.fund_type, p.risk_level, p.kind FROM investment_products p
         JOIN investment_holdings h ON h.product_code = p.code WHERE h.customer_id = $1`,
      [customerId],
    ),
  ]);
  const infoOf = new Map(info.rows.map((r) => [r.code, r]));
  const items = [...funds, ...bonds].map((h) => {
    const i = infoOf.get(h.code);
    const gain = h.marketValue.amount - h.cost.amount;
    return {
      ...h,
      kind: (i?.kind ?? 'mutual_fund') as 'mutual_fund' | 'bond',
      assetClass: i?.kind === 'bond' ? 'bond' : (i?.fund_type ?? 'other'),
      riskLevel: i?.risk_level ?? 1,
      gain: m(gain, h.currency),
      // percent with two decimals, as text (no float drift in what is shown)
      gainPercent: h.cost.amount > 0 ? ((gain * 10_000) / h.cost.amount / 100).toFixed(2) : '0.00',
      marketValueIdr: m(toIdr(h.marketValue.amount, h.currency, rates), 'IDR'),
    };
  });
  const total = items.reduce((s, x) => s + x.marketValueIdr.amount, 0);
  const costIdr = items.reduce((s, x) => s + toIdr(x.cost.amount, x.currency, rates), 0);
  const byClass = new Map<string, number>();
  for (const x of items)
    byClass.set(x.assetClass, (byClass.get(x.assetClass) ?? 0) + x.marketValueIdr.amount);
  return {
    items,
    // Orders not final yet (apply & invest): money held, or units out at their last value.
    pendingOrders: await pendingOrders(db, customerId),
    totalIdr: m(total, 'IDR'),
    costIdr: m(costIdr, 'IDR'),
    gainIdr: m(total - costIdr, 'IDR'),
    allocation: [...byClass.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([assetClass, value]) => ({
        assetClass,
        value: m(value, 'IDR'),
        percent: total > 0 ? ((value * 10_000) / total / 100).toFixed(2) : '0.00',
      })),
  };
}

/** Everything the customer holds and owes, in rupiah at the board's buy rate: what they are worth. */
export async function consolidatedPortfolio(db: Queryable, customerId: number) {
  const [p, rates, rekpon, unitLinked] = await Promise.all([
    portfolio(db, customerId),
    boardRates(db),
    db.query<{ id: number }>(
      `SELECT id FROM accounts WHERE customer_id = $1 AND details->>'rekpon' = 'true'`,
      [customerId],
    ),
    db.query<{ policy_no: string; product: string; value: number }>(
      `SELECT f.policy_no, p.product, round(sum(f.units * f.unit_price * 100))::int8 AS value
         FROM insurance_funds f JOIN insurance_policies p ON p.policy_no = f.policy_no
        WHERE p.customer_id = $1 GROUP BY f.policy_no, p.product ORDER BY f.policy_no`,
      [customerId],
    ),
  ]);
  const rekponIds = new Set(rekpon.rows.map((r) => Number(r.id)));
  type Line = { label: string; detail: string; value: Money; valueIdr: Money };
  const line = (label: string, detail: string, value: Money): Line => ({
    label,
    detail,
    value,
    valueIdr: m(toIdr(value.amount, value.currency, rates), 'IDR'),
  });
  const groups: Array<{ group: string; side: 'asset' | 'liability'; lines: Line[] }> = [
    {
      group: 'casa',
      side: 'asset',
      lines: p.accounts.filter((a) => !rekponIds.has(a.id)).map((a) => line(a.name, a.accountNo, a.balance)),
    },
    {
      group: 'rekpon',
      side: 'asset',
      lines: p.accounts.filter((a) => rekponIds.has(a.id)).map((a) => line(a.name, a.accountNo, a.balance)),
    },
    {
      group: 'deposits',
      side: 'asset',
      lines: p.deposits.map((d) => line(d.accountNo, d.maturityDate, d.principal)),
    },
    {
      group: 'investments',
      side: 'asset',
      lines: [
        ...p.investments.mutualFunds.map((f) => line(f.name, f.code, f.marketValue)),
        ...p.investments.bonds.map((b) => line(b.name, b.code, b.marketValue)),
      ],
    },
    {
      group: 'orders',
      side: 'asset',
      lines: p.investments.pendingOrders.map((o) => line(o.productName, o.referenceNo, o.value)),
    },
    {
      group: 'unitLinked',
      side: 'asset',
      lines: unitLinked.rows.map((u) => line(u.product, u.policy_no, m(Number(u.value), 'IDR'))),
    },
    {
      group: 'gold',
      side: 'asset',
      lines: p.gold ? [line(p.gold.accountNo, `${p.gold.grams} g`, p.gold.marketValue)] : [],
    },
    {
      group: 'cards',
      side: 'liability',
      lines: p.creditCards.map((c) => line(c.name, c.maskedNumber, c.outstanding)),
    },
    {
      group: 'loans',
      side: 'liability',
      lines: p.loans.map((l) => line(l.accountNo, l.nextDueDate, l.outstanding)),
    },
  ];
  const shown = groups.filter((g) => g.lines.length > 0);
  const sum = (side: 'asset' | 'liability') =>
    shown
      .filter((g) => g.side === side)
      .reduce((s, g) => s + g.lines.reduce((t, l) => t + l.valueIdr.amount, 0), 0);
  const assets = sum('asset');
  const liabilities = sum('liability');
  return {
    groups: shown.map((g) => ({
      ...g,
      totalIdr: m(
        g.lines.reduce((t, l) => t + l.valueIdr.amount, 0),
        'IDR',
      ),
    })),
    assetsIdr: m(assets, 'IDR'),
    liabilitiesIdr: m(liabilities, 'IDR'),
    netWorthIdr: m(assets - liabilities, 'IDR'),
  };
}

/** One investment product as the bank sells it, with what the customer holds of it and their latest movements. */
export async function productDetail(db: Queryable, customerId: number, code: string) {
  const { rows } = await db.query<{
    code: string;
    kind: 'mutual_fund' | 'bond';
    name: string;
    currency: string;
    fund_type: string | null;
    risk_level: number;
    nav: string | null;
    price: string | null;
    coupon_rate: string | null;
    maturity_date: string | null;
    price_date: string;
  }>(
    `SELECT code, kind, name, currency, fund_type, risk_level, nav::text AS nav, price::text AS price,
            coupon_rate::text AS coupon_rate, maturity_date::text AS maturity_date, price_date::text AS price_date
       FROM investment_products WHERE code = $1`,
    [code],
  );
  const p = rows[0];
  if (!p) throw noInvestmentProduct();
  const held = (await holdings(db, customerId, p.kind)).find((h) => h.code === code) ?? null;
  const tx = await db.query<{
    reference_no: string;
    kind: string;
    created_at: Date | string;
    units: string | null;
    nav: string | null;
    face_value: number | null;
    price: string | null;
    amount: number;
  }>(
    `SELECT reference_no, kind, created_at, units::text AS units, nav::text AS nav, face_value, price::text AS price, amount
       FROM investment_transactions WHERE customer_id = $1 AND product_code = $2 ORDER BY created_at DESC, id DESC LIMIT 10`,
    [customerId, code],
  );
  const currency = p.currency.trim();
  return {
    code: p.code,
    kind: p.kind,
    name: p.name,
    currency,
    fundType: p.fund_type,
    riskLevel: p.risk_level,
    nav: p.nav,
    price: p.price,
    couponRate: p.coupon_rate,
    maturityDate: p.maturity_date,
    priceDate: p.price_date,
    holding: held,
    transactions: tx.rows.map((r) => ({
      referenceNo: r.reference_no,
      kind: r.kind,
      at: new Date(r.created_at).toISOString(),
      units: r.units,
      nav: r.nav,
      faceValue: r.face_value === null ? null : m(Number(r.face_value), currency),
      price: r.price,
      amount: m(Number(r.amount), currency),
    })),
  };
}

interface LoanRow {
  id: number;
  account_no: string;
  name: string;
  currency: string;
  balance: number;
  loan_type: string;
  plafond: number;
  rate: string;
  tenor_months: number;
  installment: number;
  start_date: string;
  next_due_date: string;
  debit_account_no: string | null;
}

async function loansOf(db: Queryable, customerId: number): Promise<LoanRow[]> {
  const { rows } = await db.query<LoanRow>(
    `SELECT a.id, a.account_no, a.name, a.currency, a.balance, l.loan_type, l.plafond, l.rate::text AS rate, l.tenor_months,
            l.installment, l.start_date::text AS start_date, l.next_due_date::text AS next_due_date,
            d.account_no AS debit_account_no
       FROM accounts a JOIN loans l ON l.account_id = a.id LEFT JOIN accounts d ON d.id = l.debit_account_id
      WHERE a.customer_id = $1 AND a.status = 'active' ORDER BY a.id`,
    [customerId],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), currency: r.currency.trim() }));
}

async function installmentsPaid(db: Queryable, loanId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ledger_entries e JOIN journal j ON j.id = e.journal_id
      WHERE e.account_id = $1 AND j.flow_id = 'core.loan-installment' AND e.amount > 0`,
    [loanId],
  );
  return Number(rows[0]?.n ?? 0);
}

/** The Octo Loan: its line (plafond), what is owed and what can still be drawn, and the instalments. */
export async function octoloan(db: Queryable, customerId: number) {
  const loans = await loansOf(db, customerId);
  if (loans.length === 0) throw noLoan();
  return {
    loans: await Promise.all(
      loans.map(async (l) => {
        const paid = await installmentsPaid(db, l.id);
        const outstanding = Math.max(0, -Number(l.balance));
        return {
          id: l.id,
          accountNo: l.account_no,
          name: l.name,
          loanType: l.loan_type,
          plafond: m(Number(l.plafond), l.currency),
          outstanding: m(outstanding, l.currency),
          available: m(Math.max(0, Number(l.plafond) - outstanding), l.currency),
          rate: l.rate,
          tenorMonths: l.tenor_months,
          installment: m(Number(l.installment), l.currency),
          installmentsPaid: paid,
          installmentsLeft: Math.max(0, l.tenor_months - paid),
          startDate: l.start_date,
          nextDueDate: l.next_due_date,
          debitAccountNo: l.debit_account_no,
        };
      }),
    ),
  };
}

/** Money drawn from the customer's loans: each disbursement journal, newest first. */
export async function withdrawals(db: Queryable, customerId: number, referenceNo?: string) {
  const loans = await loansOf(db, customerId);
  if (loans.length === 0) throw noLoan();
  const { rows } = await db.query<{
    reference_no: string;
    created_at: Date | string;
    amount: number;
    currency: string;
    status: string;
    description: string;
    account_id: number;
    to_account_no: string | null;
  }>(
    `SELECT j.reference_no, j.created_at, -e.amount AS amount, e.currency, j.status, j.description, e.account_id,
            (SELECT a.account_no FROM ledger_entries o JOIN accounts a ON a.id = o.account_id
              WHERE o.journal_id = j.id AND o.amount > 0 AND a.customer_id = $1 LIMIT 1) AS to_account_no
       FROM ledger_entries e JOIN journal j ON j.id = e.journal_id
      WHERE e.account_id = ANY($2::bigint[]) AND e.amount < 0 AND ($3::text IS NULL OR j.reference_no = $3)
      ORDER BY j.created_at DESC, j.id DESC`,
    [customerId, loans.map((l) => l.id), referenceNo ?? null],
  );
  if (referenceNo && rows.length === 0) throw withdrawalNotFound();
  const loanOf = new Map(loans.map((l) => [l.id, l]));
  return rows.map((r) => {
    const l = loanOf.get(Number(r.account_id))!;
    return {
      referenceNo: r.reference_no,
      at: new Date(r.created_at).toISOString(),
      amount: m(Number(r.amount), r.currency.trim()),
      status: r.status,
      description: r.description,
      loanAccountNo: l.account_no,
      toAccountNo: r.to_account_no,
      rate: l.rate,
      tenorMonths: l.tenor_months,
      installment: m(Number(l.installment), l.currency),
    };
  });
}

/** Every instalment the customer pays: loans (card instalments join once a purchase can be converted). */
export async function installmentSummary(db: Queryable, customerId: number) {
  const loans = await loansOf(db, customerId);
  if (loans.length === 0) throw noInstallments();
  const items = await Promise.all(
    loans.map(async (l) => {
      const paid = await installmentsPaid(db, l.id);
      return {
        kind: 'loan' as const,
        name: l.name,
        accountNo: l.account_no,
        installment: m(Number(l.installment), l.currency),
        nextDueDate: l.next_due_date,
        paid,
        tenorMonths: l.tenor_months,
        remaining: m(Math.max(0, -Number(l.balance)), l.currency),
        debitAccountNo: l.debit_account_no,
      };
    }),
  );
  return {
    items,
    monthlyTotal: m(
      items.reduce((s, i) => s + i.installment.amount, 0),
      'IDR',
    ),
  };
}

export type PolicyGroup = 'ba' | 'slfi';
const groupSql = (g: PolicyGroup) => (g === 'slfi' ? "p.provider = 'SLFI'" : "p.provider <> 'SLFI'");

/** The customer's policies of one group (SLFI: Sun Life; BA: the other insurers' bancassurance). */
export async function policies(db: Queryable, customerId: number, group: PolicyGroup) {
  const { rows } = await db.query<{ policy_no: string; provider: string; product: string; status: string }>(
    `SELECT p.policy_no, p.provider, p.product, p.status FROM insurance_policies p
      WHERE p.customer_id = $1 AND ${groupSql(group)} ORDER BY p.start_date, p.policy_no`,
    [customerId],
  );
  if (rows.length === 0) throw noInsurance();
  return rows.map((r) => ({
    policyNo: r.policy_no,
    provider: r.provider,
    product: r.product,
    status: r.status,
  }));
}

/** Everything about one policy of the customer's (of the group asked): terms, beneficiaries, premiums, claims, funds. */
export async function policyDetail(db: Queryable, customerId: number, group: PolicyGroup, policyNo: string) {
  const { rows } = await db.query<{
    policy_no: string;
    provider: string;
    product: string;
    currency: string;
    sum_assured: number;
    premium: number;
    premium_frequency: string;
    status: string;
    start_date: string;
    end_date: string | null;
    plan_type: string | null;
    insured_name: string | null;
    payment_method: string | null;
    next_premium_date: string | null;
    grace_days: number | null;
    riders: string[] | null;
  }>(
    `SELECT p.policy_no, p.provider, p.product, p.currency, p.sum_assured, p.premium, p.premium_frequency, p.status,
            p.start_date::text AS start_date, p.end_date::text AS end_date, t.plan_type, t.insured_name, t.payment_method,
            t.next_premium_date::text AS next_premium_date, t.grace_days, t.riders
       FROM insurance_policies p LEFT JOIN insurance_policy_terms t ON t.policy_no = p.policy_no
      WHERE p.customer_id = $1 AND p.policy_no = $2 AND ${groupSql(group)}`,
    [customerId, policyNo],
  );
  const p = rows[0];
  if (!p) throw noInsurance();
  const currency = p.currency.trim();
  const [beneficiaries, premiums, claims, funds] = await Promise.all([
    db.query<{ name: string; relation: string; date_of_birth: string | null; share_percent: string }>(
      `SELECT name, relation, date_of_birth::text AS date_of_birth, share_percent::text AS share_percent
         FROM insurance_beneficiaries WHERE policy_no = $1 ORDER BY share_percent DESC, id`,
      [policyNo],
    ),
    db.query<{ period: string; amount: number; status: string; paid_at: Date | string | null }>(
      'SELECT period, amount, status, paid_at FROM insurance_premiums WHERE policy_no = $1 ORDER BY period DESC, id DESC',
      [policyNo],
    ),
    db.query<{
      claim_no: string;
      kind: string;
      submitted_on: string;
      claimed: number;
      paid: number | null;
      status: string;
      settled_on: string | null;
    }>(
      `SELECT claim_no, kind, submitted_on::text AS submitted_on, claimed, paid, status, settled_on::text AS settled_on
         FROM insurance_claims WHERE policy_no = $1 ORDER BY submitted_on DESC`,
      [policyNo],
    ),
    db.query<{
      fund_code: string;
      fund_name: string;
      risk_level: number;
      allocation_percent: string;
      units: string;
      unit_price: string;
      price_date: string;
      value: number;
    }>(
      `SELECT fund_code, fund_name, risk_level, allocation_percent::text AS allocation_percent, units::text AS units,
              unit_price::text AS unit_price, price_date::text AS price_date, round(units * unit_price * 100)::int8 AS value
         FROM insurance_funds WHERE policy_no = $1 ORDER BY allocation_percent DESC, fund_code`,
      [policyNo],
    ),
  ]);
  return {
    policyNo: p.policy_no,
    provider: p.provider,
    product: p.product,
    currency,
    sumAssured: m(Number(p.sum_assured), currency),
    premium: m(Number(p.premium), currency),
    premiumFrequency: p.premium_frequency,
    status: p.status,
    startDate: p.start_date,
    endDate: p.end_date,
    planType: p.plan_type ?? 'protection',
    insuredName: p.insured_name ?? '',
    paymentMethod: p.payment_method ?? '',
    nextPremiumDate: p.next_premium_date,
    graceDays: p.grace_days ?? 30,
    riders: p.riders ?? [],
    beneficiaries: beneficiaries.rows.map((b) => ({
      name: b.name,
      relation: b.relation,
      dateOfBirth: b.date_of_birth,
      sharePercent: b.share_percent,
    })),
    premiums: premiums.rows.map((r) => ({
      period: r.period,
      amount: m(Number(r.amount), currency),
      status: r.status,
      paidAt: r.paid_at === null ? null : new Date(r.paid_at).toISOString(),
    })),
    claims: claims.rows.map((c) => ({
      claimNo: c.claim_no,
      kind: c.kind,
      submittedOn: c.submitted_on,
      claimed: m(Number(c.claimed), currency),
      paid: c.paid === null ? null : m(Number(c.paid), currency),
      status: c.status,
      settledOn: c.settled_on,
    })),
    funds: funds.rows.map((f) => ({
      code: f.fund_code,
      name: f.fund_name,
      riskLevel: f.risk_level,
      allocationPercent: f.allocation_percent,
      units: f.units,
      unitPrice: f.unit_price,
      priceDate: f.price_date,
      value: m(Number(f.value), currency),
    })),
    fundValue: m(
      funds.rows.reduce((s, f) => s + Number(f.value), 0),
      currency,
    ),
  };
}

/** The insurers the bank sells for, as a policy holder needs them (the AIA detail page, the SLFI services). */
export const INSURERS: Record<
  string,
  { name: string; callCentre: string; email: string; website: string; address: string }
> = {
  AIA: {
    name: 'PT AIA Financial',
    callCentre: '1500 980',
    email: 'id.customer@aia.com',
    website: 'www.aia-financial.co.id',
    address: 'AIA Central, Jl. Jend. Sudirman Kav. 48A, Jakarta 12930',
  },
  SLFI: {
    name: 'PT Sun Life Financial Indonesia',
    callCentre: '1500 786',
    email: 'customer.care@sunlife.co.id',
    website: 'www.sunlife.co.id',
    address: 'Menara Sun Life, Jl. Dr. Ide Anak Agung Gde Agung Blok 6.3, Jakarta 12950',
  },
};
