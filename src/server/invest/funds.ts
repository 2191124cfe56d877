import type { Queryable } from '../db/db';
import { addDays } from '../schedules/recurrence';
import { formatBankDate } from '../../shared/bank-time';
import { navDateFor } from '../../shared/invest/fund-orders';
import { parseFour } from '../../shared/invest/units';
import { NAV_PUBLISH_TIME } from './nav';

/** A mutual fund as its orders read it (its rules, the customer's units) and the days its orders run on. */

export type OrderSide = 'subscription' | 'redemption' | 'switching';
export type PlanKind = 'regular' | 'crisp' | 'crispplus';

export interface Fund {
  code: string;
  name: string;
  currency: string;
  riskLevel: number;
  nav: string;
  navDate: string;
  cutoff: string;
  settlementDays: number;
  minSubscription: number;
  minTopup: number;
  minRedemptionUnits: string;
  multiple: number;
  fees: { subscription: string; redemption: string; switching: string };
}

export async function fundOf(db: Queryable, code: unknown): Promise<Fund | null> {
  if (typeof code !== 'string' || code.length > 40) return null;
  const { rows } = await db.query<{
    code: string;
    name: string;
    currency: string;
    risk_level: number;
    nav: string;
    price_date: string;
    cutoff: string;
    settlement_days: number;
    min_subscription: number;
    min_topup: number;
    min_redemption_units: string;
    subscription_multiple: number;
    subscription_fee: string;
    redemption_fee: string;
    switching_fee: string;
  }>(
    `SELECT p.code, p.name, p.currency, p.risk_level, p.nav::text AS nav, p.price_date::text AS price_date,
            to_char(f.cutoff_time, 'HH24:MI') AS cutoff, f.settlement_days, f.min_subscription, f.min_topup,
            f.min_redemption_units::text AS min_redemption_units, f.subscription_multiple,
            f.subscription_fee::text AS subscription_fee, f.redemption_fee::text AS redemption_fee,
            f.switching_fee::text AS switching_fee
       FROM investment_products p JOIN fund_facts f ON f.code = p.code
      WHERE p.code = $1 AND p.kind = 'mutual_fund'`,
    [code],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    code: r.code,
    name: r.name,
    currency: r.currency.trim(),
    riskLevel: r.risk_level,
    nav: r.nav,
    navDate: r.price_date,
    cutoff: r.cutoff,
    settlementDays: r.settlement_days,
    minSubscription: Number(r.min_subscription),
    minTopup: Number(r.min_topup),
    minRedemptionUnits: r.min_redemption_units,
    multiple: Number(r.subscription_multiple),
    fees: { subscription: r.subscription_fee, redemption: r.redemption_fee, switching: r.switching_fee },
  };
}

/** The customer's units of a fund (ten-thousandths), 0n when none. */
export async function heldUnits(db: Queryable, customerId: number, code: string, lock = false) {
  const { rows } = await db.query<{ units: string | null; cost: number }>(
    `SELECT units::text AS units, cost FROM investment_holdings WHERE customer_id = $1 AND product_code = $2${
      lock ? ' FOR UPDATE' : ''
    }`,
    [customerId, code],
  );
  const r = rows[0];
  return { units: r?.units ? (parseFour(r.units) ?? 0n) : 0n, cost: Number(r?.cost ?? 0) };
}

export const WIB_MS = 7 * 3_600_000;

/** "YYYY-MM-DD" plus `n` business days (weekends skipped). */
export function addBusinessDays(date: string, n: number): string {
  let d = date;
  for (let left = n; left > 0;) {
    d = addDays(d, 1);
    const dow = new Date(`${d}T00:00:00Z`).getUTCDay();
    if (dow !== 0 && dow !== 6) left--;
  }
  return d;
}

/** A day as the customer reads it in a sentence: "27 November 2026", "27 November 2026". */
export const longDate = (date: string, lang: 'en' | 'id') =>
  formatBankDate(date, lang, { day: 'numeric', month: 'long', year: 'numeric' });

/** When an order's NAV date falls, and what the customer is told about it (both languages). */
export function navTiming(fund: Fund, now: Date) {
  const navDate = navDateFor(now, fund.cutoff);
  const on = { en: longDate(navDate, 'en'), id: longDate(navDate, 'id') };
  const today = new Date(now.getTime() + WIB_MS).toISOString().slice(0, 10);
  return {
    navDate,
    ...(navDate !== today
      ? {
          cutOffNote: {
            en: `Orders after the ${fund.cutoff} WIB cut-off, and on weekends, get the NAV of the next business day (${on.en}).`,
            id: `Pesanan setelah batas waktu ${fund.cutoff} WIB, dan pada akhir pekan, mendapat NAB hari kerja berikutnya (${on.id}).`,
          },
        }
      : {}),
    allotmentNote: {
      en: `Units are allotted at the NAV of ${on.en}, published after ${NAV_PUBLISH_TIME} WIB.`,
      id: `Unit dialokasikan dengan NAB tanggal ${on.id}, yang terbit setelah pukul ${NAV_PUBLISH_TIME} WIB.`,
    },
  };
}
