import type { Queryable } from '../db/db';
import type { RiskProfileLevel } from '../../shared/invest/risk-questionnaire';
import type { Eligibility, FundDetail, FundSummary, PricePoint } from '../../shared/invest/types';
import { dateText, DAY_MS, money, priceHistory, type EligibilityOf } from './catalogue-rows';

// Mutual funds: the list, a fund's page, and its returns over the periods.

/** The periods a fund's return is given over, in days back from its newest NAV. */
export const RETURN_DAYS = { m1: 30, m3: 91, m6: 182, y1: 365 } as const;
/**
 * How much history the returns read: a year and a week, so a period that starts on a day with no NAV
 * (a weekend, a holiday) still finds the NAV published before it.
 */
export const RETURNS_WINDOW_DAYS = RETURN_DAYS.y1 + 7;
/** The price chart: a year of NAVs. */
const CHART_DAYS = 366;

/** Percent change from the value on or before `daysAgo` to the latest, 2 decimals; null without history. */
function change(history: PricePoint[], daysAgo: number): string | null {
  const last = history[history.length - 1];
  if (!last) return null;
  const cutoff = daysBefore(last.date, daysAgo);
  let base: PricePoint | undefined;
  for (const p of history) {
    if (p.date <= cutoff) base = p;
    else break;
  }
  if (!base) return null;
  return ((Number(last.value) / Number(base.value) - 1) * 100).toFixed(2);
}

const daysBefore = (date: string, days: number) =>
  dateText(new Date(Date.parse(`${date}T00:00:00Z`) - days * DAY_MS));

/** A fund's return over each period, from its history (oldest first, newest last). */
export function periodReturns(history: PricePoint[]): Record<keyof typeof RETURN_DAYS, string | null> {
  return {
    m1: change(history, RETURN_DAYS.m1),
    m3: change(history, RETURN_DAYS.m3),
    m6: change(history, RETURN_DAYS.m6),
    y1: change(history, RETURN_DAYS.y1),
  };
}

interface FundRow {
  code: string;
  name: string;
  currency: string;
  fund_type: FundSummary['fundType'];
  risk_level: number;
  nav: string;
  price_date: Date | string;
  manager: string;
  custodian: string;
  launch_date: Date | string;
  sharia: boolean;
  min_subscription: number;
  min_topup: number;
  subscription_multiple: number;
  min_redemption_units: string;
  subscription_fee: string;
  redemption_fee: string;
  switching_fee: string;
  management_fee: string;
  aum: number;
  cutoff_time: string;
  settlement_days: number;
  nav_year_ago: string | null;
}

const FUND_SQL = `
  SELECT p.code, p.name, p.currency, p.fund_type, p.risk_level, p.nav::text AS nav, p.price_date,
         f.manager, f.custodian, f.launch_date, f.sharia, f.min_subscription, f.min_topup,
         f.min_redemption_units::text AS min_redemption_units, f.subscription_multiple,
         f.subscription_fee::text AS subscription_fee,
         f.redemption_fee::text AS redemption_fee, f.switching_fee::text AS switching_fee,
         f.management_fee::text AS management_fee, f.aum, to_char(f.cutoff_time, 'HH24:MI') AS cutoff_time,
         f.settlement_days,
         (SELECT h.value::text FROM investment_price_history h
           WHERE h.code = p.code AND h.price_date <= p.price_date - ${RETURN_DAYS.y1}
           ORDER BY h.price_date DESC LIMIT 1) AS nav_year_ago
    FROM investment_products p JOIN fund_facts f ON f.code = p.code
   WHERE p.kind = 'mutual_fund'`;

const fundSummary = (r: FundRow, eligibility: Eligibility): FundSummary => ({
  code: r.code,
  name: r.name,
  currency: r.currency.trim(),
  fundType: r.fund_type,
  riskLevel: r.risk_level as RiskProfileLevel,
  sharia: r.sharia,
  manager: r.manager,
  nav: r.nav,
  navDate: dateText(r.price_date),
  return1y: r.nav_year_ago ? ((Number(r.nav) / Number(r.nav_year_ago) - 1) * 100).toFixed(2) : null,
  minSubscription: money(r.min_subscription, r.currency.trim()),
  subscriptionFee: r.subscription_fee,
  eligibility,
});

export async function listFunds(db: Queryable, eligibilityOf: EligibilityOf): Promise<FundSummary[]> {
  const { rows } = await db.query<FundRow>(`${FUND_SQL} ORDER BY p.risk_level, p.name`);
  return rows.map((r) => fundSummary(r, eligibilityOf(r.code, r.risk_level)));
}

export async function fundDetail(
  db: Queryable,
  code: string,
  eligibilityOf: EligibilityOf,
): Promise<FundDetail | null> {
  const { rows } = await db.query<FundRow>(`${FUND_SQL} AND p.code = $1`, [code]);
  const r = rows[0];
  if (!r) return null;
  const h = await priceHistory(db, code, RETURNS_WINDOW_DAYS);
  const chartFrom = h.length ? daysBefore(h[h.length - 1]!.date, CHART_DAYS) : '';
  const currency = r.currency.trim();
  return {
    ...fundSummary(r, eligibilityOf(r.code, r.risk_level)),
    custodian: r.custodian,
    launchDate: dateText(r.launch_date),
    minTopup: money(r.min_topup, currency),
    subscriptionMultiple: money(Number(r.subscription_multiple), currency),
    minRedemptionUnits: r.min_redemption_units,
    redemptionFee: r.redemption_fee,
    switchingFee: r.switching_fee,
    managementFee: r.management_fee,
    aum: money(r.aum, currency),
    cutoffTime: r.cutoff_time,
    settlementDays: r.settlement_days,
    returns: periodReturns(h),
    history: h.filter((p) => p.date > chartFrom),
  };
}
