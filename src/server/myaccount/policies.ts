import type { Queryable } from '../db/db';
import type { Money } from '../../shared/money';
import { ApiError } from '../http/api-error';

// The customer's insurance policies and the insurers the bank sells for.

const m = (amount: number, currency: string): Money => ({ amount, currency });

export const noInsurance = () =>
  new ApiError(404, 'CLICKS', '0040', {
    titleEng: 'No insurance policy',
    titleIdn: 'Tidak ada polis asuransi',
    messageEng: 'You do not have an insurance policy of this kind.',
    messageIdn: 'Anda tidak memiliki polis asuransi jenis ini.',
  });

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
