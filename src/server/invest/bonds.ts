import type { Queryable } from '../db/db';
import { ApiError } from '../http/api-error';
import { bankDate, formatBankDateTime } from '../../shared/bank-time';
import { formatMoney, type Money } from '../../shared/money';
import { nextCouponDate } from './catalogue';
import { addMonths } from './openings';

/** A bond as its orders read it: its rules, its price and accrued interest, the customer's holding, the refusals. */

export const BOND_ACCOUNT = 'BOND-SETTLEMENT';

export interface Bond {
  code: string;
  name: string;
  currency: string;
  couponRate: string;
  couponMonths: number;
  maturityDate: string;
  minOrder: number;
  multiple: number;
  maxOrder: number | null;
  offerStart: Date | null;
  offerEnd: Date | null;
  settlementDate: string | null;
  tradable: boolean;
  bid: string | null;
  offer: string | null;
}

export async function bondOf(db: Queryable, code: unknown): Promise<Bond | null> {
  if (typeof code !== 'string' || code.length > 40) return null;
  const { rows } = await db.query<{
    code: string;
    name: string;
    currency: string;
    coupon_rate: string;
    coupon_frequency_months: number;
    maturity_date: string;
    min_order: number;
    order_multiple: number;
    max_order: number | null;
    offer_start: Date | null;
    offer_end: Date | null;
    settlement_date: string | null;
    tradable: boolean;
    bid_price: string | null;
    offer_price: string | null;
  }>(
    `SELECT p.code, p.name, p.currency, p.coupon_rate::text AS coupon_rate, b.coupon_frequency_months,
            p.maturity_date::text AS maturity_date, b.min_order, b.order_multiple, b.max_order, b.offer_start,
            b.offer_end, b.settlement_date::text AS settlement_date, b.tradable, b.bid_price::text AS bid_price,
            b.offer_price::text AS offer_price
       FROM investment_products p JOIN bond_facts b ON b.code = p.code WHERE p.code = $1 AND p.kind = 'bond'`,
    [code],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    code: r.code,
    name: r.name,
    currency: r.currency.trim(),
    couponRate: r.coupon_rate,
    couponMonths: r.coupon_frequency_months,
    maturityDate: r.maturity_date,
    minOrder: Number(r.min_order),
    multiple: Number(r.order_multiple),
    maxOrder: r.max_order === null ? null : Number(r.max_order),
    offerStart: r.offer_start ? new Date(r.offer_start) : null,
    offerEnd: r.offer_end ? new Date(r.offer_end) : null,
    settlementDate: r.settlement_date,
    tradable: r.tradable,
    bid: r.bid_price,
    offer: r.offer_price,
  };
}

export const refusal = (
  status: number,
  code: string,
  field: string,
  eng: [string, string],
  idn: [string, string],
) =>
  new ApiError(
    status,
    'CLICKS',
    code,
    { titleEng: eng[0], titleIdn: idn[0], messageEng: eng[1], messageIdn: idn[1] },
    { [`/form/${field}`]: { eng: eng[1], idn: idn[1] } },
  );

export const both = (m: Money) => ({ en: formatMoney(m, 'en'), id: formatMoney(m, 'id') });

export const bondErrors = {
  notFound: () =>
    refusal(
      404,
      'BOND_NOT_FOUND',
      'code',
      ['Bond not found', 'This bond is not offered. Choose one of the bonds listed.'],
      ['Obligasi tidak ditemukan', 'Obligasi ini tidak ditawarkan. Pilih salah satu obligasi yang ada.'],
    ),
  notOpen: (b: Bond) =>
    refusal(
      422,
      'BOND_OFFER_NOT_OPEN',
      'code',
      [
        'Offering not open yet',
        `The offering of ${b.code} opens on ${formatBankDateTime(b.offerStart!.toISOString(), 'en')}.`,
      ],
      [
        'Penawaran belum dibuka',
        `Penawaran ${b.code} dibuka pada ${formatBankDateTime(b.offerStart!.toISOString(), 'id')}.`,
      ],
    ),
  closed: (b: Bond) =>
    refusal(
      422,
      'BOND_OFFER_CLOSED',
      'code',
      [
        'Offering period over',
        `The offering of ${b.code} closed on ${formatBankDateTime(b.offerEnd!.toISOString(), 'en')}. It cannot be bought here before it trades.`,
      ],
      [
        'Masa penawaran berakhir',
        `Penawaran ${b.code} ditutup pada ${formatBankDateTime(b.offerEnd!.toISOString(), 'id')}. Obligasi ini belum dapat dibeli sebelum diperdagangkan.`,
      ],
    ),
  notTradable: (b: Bond) =>
    refusal(
      422,
      'BOND_NOT_TRADABLE',
      'code',
      [
        'Not tradable',
        `${b.code} cannot be sold before it matures on ${b.maturityDate}, and has no price at the bank now.`,
      ],
      [
        'Tidak dapat diperdagangkan',
        `${b.code} tidak dapat dijual sebelum jatuh tempo pada ${b.maturityDate}, dan saat ini tidak ada harga di bank.`,
      ],
    ),
  minimum: (min: Money) => {
    const m = both(min);
    return refusal(
      422,
      'BOND_BELOW_MINIMUM',
      'faceValue',
      ['Below the minimum order', `The minimum order is ${m.en} face value.`],
      ['Di bawah pemesanan minimum', `Pemesanan minimum ${m.id} nilai nominal.`],
    );
  },
  multiple: (step: Money) => {
    const m = both(step);
    return refusal(
      422,
      'BOND_MULTIPLE',
      'faceValue',
      ['Not in the order multiple', `Order in multiples of ${m.en}.`],
      ['Bukan kelipatan pemesanan', `Pesan dalam kelipatan ${m.id}.`],
    );
  },
  maximum: (max: Money) => {
    const m = both(max);
    return refusal(
      422,
      'BOND_ABOVE_MAXIMUM',
      'faceValue',
      ['Above the maximum order', `The maximum order is ${m.en} face value.`],
      ['Melebihi pemesanan maksimum', `Pemesanan maksimum ${m.id} nilai nominal.`],
    );
  },
  aboveHolding: (held: Money) => {
    const m = both(held);
    return refusal(
      422,
      'BOND_ABOVE_HOLDING',
      'faceValue',
      ['More than you hold', `You hold ${m.en} face value of this bond.`],
      ['Melebihi kepemilikan', `Anda memiliki nilai nominal ${m.id} obligasi ini.`],
    );
  },
  remaining: (min: Money) => {
    const m = both(min);
    return refusal(
      422,
      'BOND_REMAINING',
      'faceValue',
      ['Too little would remain', `Sell all of it, or keep at least ${m.en} face value.`],
      ['Sisa terlalu kecil', `Jual seluruhnya, atau sisakan minimal ${m.id} nilai nominal.`],
    );
  },
};

/** face × price% in minor units, half up (prices have 4 decimals). */
export function priceValue(face: number, price: string): number {
  const p = BigInt(Math.round(Number(price) * 10_000));
  return Number((BigInt(face) * p + 500_000n) / 1_000_000n);
}

/** Interest accrued since the last coupon (actual days / 365), half up: a secondary trade's buyer pays it. */
export function accruedInterest(
  b: Pick<Bond, 'couponRate' | 'couponMonths' | 'maturityDate'>,
  face: number,
  now: Date,
) {
  const next = nextCouponDate(b.maturityDate, b.couponMonths, now);
  const last = addMonths(next, -b.couponMonths);
  const days = Math.max(0, Math.round((Date.parse(bankDate(now)) - Date.parse(last)) / 86_400_000));
  const rate = BigInt(Math.round(Number(b.couponRate) * 10_000));
  const amount = Number((BigInt(face) * rate * BigInt(days) + 182_500_000n) / 365_000_000n);
  return { days, amount, lastCouponDate: last };
}

export function checkFace(b: Bond, face: number) {
  const money = (amount: number): Money => ({ amount, currency: b.currency });
  if (face < b.minOrder) throw bondErrors.minimum(money(b.minOrder));
  if (face % b.multiple !== 0) throw bondErrors.multiple(money(b.multiple));
  if (b.maxOrder !== null && face > b.maxOrder) throw bondErrors.maximum(money(b.maxOrder));
}

export async function heldFace(db: Queryable, customerId: number, code: string, lock = false) {
  const { rows } = await db.query<{ face_value: number | null; cost: number }>(
    `SELECT face_value, cost FROM investment_holdings WHERE customer_id = $1 AND product_code = $2${
      lock ? ' FOR UPDATE' : ''
    }`,
    [customerId, code],
  );
  return { face: Number(rows[0]?.face_value ?? 0), cost: Number(rows[0]?.cost ?? 0) };
}
