import type { Queryable } from '../db/db';
import { ApiError } from '../http/api-error';
import type { ApiErrorBody } from '../../shared/api-error';
import type { ChoiceSource, Executor, FlowContext, Lookup, Provider } from '../transactions/contracts';
import { accountById } from '../transactions/account-reads';
import type { ServiceExecutor } from '../transactions/contracts';
import { txErrors } from '../transactions/errors';
import { internalAccount, postEntries } from '../transactions/ledger';
import { bankDate, formatBankDateTime } from '../../shared/bank-time';
import { formatMoney, type Money } from '../../shared/money';
import { nextCouponDate, offerStatus } from './catalogue';
import { addMonths } from './openings';
import { dropEmptyHolding } from './fund-executors';
import { longDate } from './fund-orders';

/**
 * Bond orders, checked against the bond's own rules: a primary offering only in its offering period
 * (at 100%), a bond already issued at the bank's offer (buy) or bid (sell) with the interest accrued
 * since its last coupon; face value at least the minimum, in its multiple, at most the maximum. A
 * primary order is allotted on the offering's settlement date (booked pending until then, settled by
 * the sweep); a secondary one at once. The holding in investment_holdings changes with each.
 */

export const BOND_ACCOUNT = 'BOND-SETTLEMENT';

interface Bond {
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

async function bondOf(db: Queryable, code: unknown): Promise<Bond | null> {
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

const refusal = (status: number, code: string, field: string, eng: [string, string], idn: [string, string]) =>
  new ApiError(
    status,
    'CLICKS',
    code,
    { titleEng: eng[0], titleIdn: idn[0], messageEng: eng[1], messageIdn: idn[1] },
    { [`/form/${field}`]: { eng: eng[1], idn: idn[1] } },
  );

const both = (m: Money) => ({ en: formatMoney(m, 'en'), id: formatMoney(m, 'id') });

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

function checkFace(b: Bond, face: number) {
  const money = (amount: number): Money => ({ amount, currency: b.currency });
  if (face < b.minOrder) throw bondErrors.minimum(money(b.minOrder));
  if (face % b.multiple !== 0) throw bondErrors.multiple(money(b.multiple));
  if (b.maxOrder !== null && face > b.maxOrder) throw bondErrors.maximum(money(b.maxOrder));
}

async function heldFace(db: Queryable, customerId: number, code: string, lock = false) {
  const { rows } = await db.query<{ face_value: number | null; cost: number }>(
    `SELECT face_value, cost FROM investment_holdings WHERE customer_id = $1 AND product_code = $2${
      lock ? ' FOR UPDATE' : ''
    }`,
    [customerId, code],
  );
  return { face: Number(rows[0]?.face_value ?? 0), cost: Number(rows[0]?.cost ?? 0) };
}

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

async function sellQuote(ctx: FlowContext, now: Date) {
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

const moneyOf = (v: unknown): Money => {
  const x = v as Partial<Money> | undefined;
  return { amount: Number(x?.amount ?? 0), currency: String(x?.currency ?? 'IDR') };
};
const text = (v: unknown) => (typeof v === 'string' ? v : '');

async function referenceOf(tx: Queryable, journalId: number): Promise<string> {
  const { rows } = await tx.query<{ reference_no: string }>(
    'SELECT reference_no FROM journal WHERE id = $1',
    [journalId],
  );
  return rows[0]!.reference_no;
}

async function recordTrade(
  tx: Queryable,
  ctx: { journalId: number; customerId: number },
  d: Record<string, unknown>,
  kind: 'buy' | 'sell',
  status: 'pending' | 'success',
  amount: Money,
) {
  const face = moneyOf(d.faceValue);
  await tx.query(
    `INSERT INTO investment_transactions (reference_no, customer_id, product_code, kind, status, face_value, price, amount, currency, journal_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7::numeric, $8, $9, $10)`,
    [
      await referenceOf(tx, ctx.journalId),
      ctx.customerId,
      text(d.bondCode),
      kind,
      status,
      kind === 'sell' ? -face.amount : face.amount,
      text(d.price || d.bidPrice).replace('%', ''),
      amount.amount,
      amount.currency,
      ctx.journalId,
    ],
  );
}

function allottedOn(date: string): { ok: false; error: ApiErrorBody } {
  const en = `Your order is allotted on the offering's settlement date, ${longDate(date, 'en')}. The bond then shows in your portfolio.`;
  const id = `Pesanan Anda dijatahkan pada tanggal setelmen penawaran, ${longDate(date, 'id')}. Obligasi lalu tampil di portofolio Anda.`;
  return {
    ok: false,
    error: {
      sourceSystem: 'CLICKS',
      errorCode: '0097',
      message: en,
      errorTitleEng: 'Order in progress',
      errorTitleIdn: 'Pesanan sedang diproses',
      errorMessageEng: en,
      errorMessageIdn: id,
    },
  };
}

/** The issuer's side of a purchase: a primary order is allotted on the settlement date, a secondary one now. */
const bondPurchase: Provider = {
  async pay(details) {
    return details.market === 'primary'
      ? allottedOn(text(details.settlementDate))
      : { ok: true, details: {} };
  },
  async status(details, _params, _sentAt, ctx) {
    const date = text(details.settlementDate);
    const due = (ctx?.now ?? new Date()).getTime() >= Date.parse(`${date}T00:00:00+07:00`);
    return due ? { ok: true, details: {} } : allottedOn(date);
  },
  async settled(tx, b) {
    const status = b.outcome.ok ? 'success' : 'failed';
    await tx.query(
      `UPDATE investment_transactions SET status = $2 WHERE journal_id = $1 AND status = 'pending'`,
      [b.journalId, status],
    );
    if (!b.outcome.ok) return {};
    const face = moneyOf(b.details.faceValue);
    await tx.query(
      `INSERT INTO investment_holdings (customer_id, product_code, face_value, cost, investment_account_no)
       VALUES ($1, $2, $3, $4, coalesce((SELECT sid FROM investor_accounts WHERE customer_id = $1), ''))
       ON CONFLICT (customer_id, product_code)
         DO UPDATE SET face_value = coalesce(investment_holdings.face_value, 0) + EXCLUDED.face_value,
                       cost = investment_holdings.cost + EXCLUDED.cost`,
      [b.customerId, text(b.details.bondCode), face.amount, moneyOf(b.details.principalAmount).amount],
    );
    return { orderStatus: { en: 'In your securities account', id: 'Tercatat di rekening efek Anda' } };
  },
};

/** `bond.buy` (posting executor): the money held at BOND-SETTLEMENT until the bond is allotted. */
export const buyBondExecutor: Executor = { provider: bondPurchase };

/** `bond.placeOrder` (the purchase's posting service executor): the order recorded in the booking's transaction. */
export const placeBondOrder: ServiceExecutor = {
  async apply(tx, ctx) {
    await recordTrade(tx, ctx, ctx.details, 'buy', 'pending', moneyOf(ctx.details.settlementAmount));
    return {
      orderStatus:
        ctx.details.market === 'primary'
          ? { en: 'Waiting for the settlement date', id: 'Menunggu tanggal setelmen' }
          : { en: 'In your securities account', id: 'Tercatat di rekening efek Anda' },
    };
  },
};

/**
 * `bond.sell` (service executor): sold to the bank at its bid at once: the face value leaves the holding
 * (its cost in proportion) and the proceeds with the accrued interest are paid into the chosen account,
 * in the booking's transaction.
 */
export const sellBondExecutor: ServiceExecutor = {
  async check(db, ctx) {
    return sellQuote({ db, customerId: ctx.customerId, flow: ctx.flow, form: ctx.form }, new Date());
  },
  async apply(tx, ctx) {
    const d = ctx.details;
    const face = moneyOf(d.faceValue).amount;
    const held = await heldFace(tx, ctx.customerId, text(d.bondCode), true);
    if (face > held.face) throw bondErrors.aboveHolding({ amount: held.face, currency: 'IDR' });
    const cost = held.face > 0 ? Number((BigInt(held.cost) * BigInt(face)) / BigInt(held.face)) : 0;
    await tx.query(
      `UPDATE investment_holdings SET face_value = face_value - $3, cost = cost - $4
        WHERE customer_id = $1 AND product_code = $2`,
      [ctx.customerId, text(d.bondCode), face, cost],
    );
    await dropEmptyHolding(tx, ctx.customerId, text(d.bondCode));
    const proceeds = moneyOf(d.proceeds);
    await postEntries(tx, ctx.journalId, [
      {
        accountId: await internalAccount(tx, BOND_ACCOUNT, proceeds.currency),
        amount: -proceeds.amount,
        currency: proceeds.currency,
      },
      {
        accountId: Number(ctx.form.destinationAccount),
        amount: proceeds.amount,
        currency: proceeds.currency,
      },
    ]);
    await tx.query('UPDATE journal SET amount = $2, currency = $3 WHERE id = $1', [
      ctx.journalId,
      proceeds.amount,
      proceeds.currency,
    ]);
    await recordTrade(tx, ctx, d, 'sell', 'success', proceeds);
    return { orderStatus: { en: 'Sold: proceeds paid', id: 'Terjual: hasil telah dibayarkan' } };
  },
};

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
