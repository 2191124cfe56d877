import type { ChoiceSource, FlowContext, Lookup } from '../transactions/contracts';
import { accountById } from '../transactions/account-reads';
import { txErrors } from '../transactions/errors';
import { bankDate } from '../../shared/bank-time';
import { formatMoney, type Money } from '../../shared/money';
import { offerStatus } from './catalogue';
import { bondOf, bondErrors, priceValue, accruedInterest, checkFace, heldFace } from './bonds';

/**
 * Bond orders, checked against the bond's own rules: a primary offering only in its offering period
 * (at 100%), a bond already issued at the bank's offer (buy) or bid (sell) with the interest accrued
 * since its last coupon; face value at least the minimum, in its multiple, at most the maximum. A
 * primary order is allotted on the offering's settlement date (booked pending until then, settled by
 * the sweep); a secondary one at once. The holding in investment_holdings changes with each.
 */

async function ownAccount(ctx: FlowContext, field: string, currency: string) {
  const a = await accountById(ctx.db, Number(ctx.form[field]));
  if (
    !a ||
    a.customer_id !== ctx.customerId ||
    a.status !== 'active' ||
    !['savings', 'current'].includes(a.product) ||
    a.currency !== currency
  )
    throw txErrors.accountNotAllowed(`/form/${field}`);
}

async function buyQuote(ctx: FlowContext, now: Date) {
  const b = await bondOf(ctx.db, ctx.form.code);
  if (!b) throw bondErrors.notFound();
  await ownAccount(ctx, 'sourceOfFund', b.currency);
  const status = b.offerStart && b.offerEnd ? offerStatus(b.offerStart, b.offerEnd, now) : null;
  const primary = status === 'open';
  if (!primary && !b.offer) {
    if (status === 'upcoming') throw bondErrors.notOpen(b);
    if (status === 'closed') throw bondErrors.closed(b);
    throw bondErrors.notTradable(b);
  }
  const face = Number(ctx.form.faceValue);
  checkFace(b, face);
  const price = primary ? '100.0000' : b.offer!;
  const principal = priceValue(face, price);
  const accrued = primary ? { days: 0, amount: 0 } : accruedInterest(b, face, now);
  const m = (amount: number): Money => ({ amount, currency: b.currency });
  return {
    bondCode: b.code,
    bondName: b.name,
    market: primary ? 'primary' : 'secondary',
    marketText: primary
      ? { en: 'Primary offering', id: 'Penawaran perdana' }
      : { en: 'Secondary market, at the bank’s offer', id: 'Pasar sekunder, harga jual bank' },
    price: `${price.replace(/(\.\d\d)00$/, '$1')}%`,
    faceValue: m(face),
    principalAmount: m(principal),
    accruedInterest: m(accrued.amount),
    accruedDays: String(accrued.days),
    settlementAmount: m(principal + accrued.amount),
    settlementDate: primary ? (b.settlementDate ?? bankDate(now)) : bankDate(now),
    couponRate: `${b.couponRate.replace(/(\.\d\d)00$/, '$1')}%`,
    maturityDate: b.maturityDate,
  };
}

export async function sellQuote(ctx: FlowContext, now: Date) {
  const b = await bondOf(ctx.db, ctx.form.code);
  if (!b) throw bondErrors.notFound();
  if (!b.tradable || !b.bid) throw bondErrors.notTradable(b);
  await ownAccount(ctx, 'destinationAccount', b.currency);
  const face = Number(ctx.form.faceValue);
  const held = await heldFace(ctx.db, ctx.customerId, b.code);
  const m = (amount: number): Money => ({ amount, currency: b.currency });
  if (face > held.face) throw bondErrors.aboveHolding(m(held.face));
  // Selling it all is always allowed; otherwise the bond's order rules hold, and what remains too.
  if (face !== held.face) {
    checkFace({ ...b, maxOrder: null }, face);
    if (held.face - face < b.minOrder) throw bondErrors.remaining(m(b.minOrder));
  }
  const principal = priceValue(face, b.bid);
  const accrued = accruedInterest(b, face, now);
  return {
    bondCode: b.code,
    bondName: b.name,
    bidPrice: `${b.bid.replace(/(\.\d\d)00$/, '$1')}%`,
    faceValue: m(face),
    heldFaceValue: m(held.face),
    principalAmount: m(principal),
    accruedInterest: m(accrued.amount),
    accruedDays: String(accrued.days),
    proceeds: m(principal + accrued.amount),
    settlementDate: bankDate(now),
  };
}

/** `bond.order` (inquiry look-up), params {side}: a buy or a sale checked against the bond's rules. */
export const bondOrderLookup: Lookup = async (ctx, params) =>
  params.side === 'sell' ? sellQuote(ctx, new Date()) : buyQuote(ctx, new Date());

/**
 * `invest.bonds` (choice source), params {side}: to buy, the bonds in their offering period or with an
 * offer price; to sell, the tradable bonds the customer holds (face value in the label).
 */
export const bondChoices: ChoiceSource = async ({ db, customerId, spec }) => {
  const sell = spec.params?.side === 'sell';
  const { rows } = await db.query<{ code: string; name: string; face_value: number | null }>(
    sell
      ? `SELECT p.code, p.name, h.face_value FROM investment_holdings h
           JOIN investment_products p ON p.code = h.product_code JOIN bond_facts b ON b.code = p.code
          WHERE h.customer_id = $1 AND h.face_value > 0 AND b.tradable AND b.bid_price IS NOT NULL ORDER BY p.code`
      : `SELECT p.code, p.name, NULL::int8 AS face_value FROM investment_products p JOIN bond_facts b ON b.code = p.code
          WHERE $1::int8 IS NOT NULL AND (b.offer_price IS NOT NULL OR (now() >= b.offer_start AND now() < b.offer_end))
          ORDER BY b.offer_start DESC NULLS LAST, p.code`,
    [customerId],
  );
  return rows.map((r) => {
    const face = r.face_value === null ? null : { amount: Number(r.face_value), currency: 'IDR' };
    return {
      value: r.code,
      labelEng: face ? `${r.name} · ${formatMoney(face, 'en')}` : r.name,
      labelIdn: face ? `${r.name} · ${formatMoney(face, 'id')}` : r.name,
      ...(face ? { detail: { faceValue: face } } : {}),
    };
  });
};
