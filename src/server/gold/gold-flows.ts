import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/db';
import { ApiError } from '../http/api-error';
import type { Lookup } from '../transactions/contracts';
import type { ServiceExecutor, ServiceRequestContext } from '../transactions/contracts';
import { internalAccount, postEntries } from '../transactions/ledger';
import { formatMoney, type Money } from '../../shared/money';
import { photoFor } from '../uploads/photos';
import { quoteExpired, takeGoldQuote } from './gold';
import { checkEktp } from './ektp';

/**
 * Gold saving through the flow engine. Buying and selling are money flows at the price of the quote
 * the customer was given on the form (GET a quote: /api/gold/v1/quote): the look-up reads it (still
 * valid, theirs, the right side) and works out the grams or the rupiah; the executor takes it at confirm
 * (takeGoldQuote, in the booking's transaction: an expired or used quote books nothing) and posts the
 * other leg, grams in XAU (1/10000 g) through GOLD-TRADING. Registering opens the gold account after
 * the e-KTP check, its photo taken once.
 */

export const GOLD_TRADING = 'GOLD-TRADING';
const GRAM = 10_000;

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const idr = (amount: number): Money => ({ amount, currency: 'IDR' });
const xau = (amount: number): Money => ({ amount, currency: 'XAU' });
export const gramsText = (tenThousandths: number) => `${(tenThousandths / GRAM).toFixed(4)} g`;

/** The customer's quote as it stands (not taken): its price, or QUOTE_EXPIRED on the form's field. */
async function readQuote(db: Queryable, quoteId: unknown, customerId: number, side: 'buy' | 'sell') {
  const id = typeof quoteId === 'string' && /^[0-9a-f]{24}$/.test(quoteId) ? quoteId : '';
  const { rows } = await db.query<{ price_per_gram: number; expires_at: Date | string }>(
    `SELECT price_per_gram, expires_at FROM gold_quotes
      WHERE id = $1 AND customer_id = $2 AND side = $3 AND used_at IS NULL AND expires_at > now()`,
    [id, customerId, side],
  );
  if (!rows[0]) {
    const e = quoteExpired();
    throw new ApiError(e.statusCode, e.sourceSystem, e.errorCode, e.text, {
      '/form/quote': { eng: e.text.messageEng, idn: e.text.messageIdn },
    });
  }
  return { price: Number(rows[0].price_per_gram), expiresAt: new Date(rows[0].expires_at).toISOString() };
}

async function goldAccountOf(db: Queryable, customerId: number) {
  const { rows } = await db.query<{ id: string | number; account_no: string }>(
    `SELECT id, account_no FROM accounts WHERE customer_id = $1 AND product = 'gold' AND status = 'active'
      ORDER BY id LIMIT 1`,
    [customerId],
  );
  return rows[0] ? { id: Number(rows[0].id), accountNo: rows[0].account_no } : null;
}

/** Grams (1/10000 g, rounded down) an amount of rupiah buys; rupiah (rounded down) grams sell for. */
export const gramsFor = (rupiah: number, pricePerGram: number) => Math.floor((rupiah * GRAM) / pricePerGram);
export const rupiahFor = (grams: number, pricePerGram: number) => Math.floor((grams * pricePerGram) / GRAM);

const tooSmall = () =>
  new ApiError(
    422,
    'GOLD',
    'GRAMS_TOO_SMALL',
    {
      titleEng: 'Amount too small',
      titleIdn: 'Jumlah terlalu kecil',
      messageEng: 'The amount buys less than 0.0001 g of gold.',
      messageIdn: 'Jumlah ini kurang dari 0,0001 g emas.',
    },
    { '/form/amount': { eng: 'Too small for 0.0001 g', idn: 'Terlalu kecil untuk 0,0001 g' } },
  );

/**
 * `gold.quote` (inquiry look-up), params {side}: the quote's price per gram (valid until when), and
 * the grams the amount buys or the rupiah the grams sell for.
 */
export const goldQuoteLookup: Lookup = async (ctx, params) => {
  const side = params.side === 'sell' ? 'sell' : 'buy';
  const q = await readQuote(ctx.db, ctx.form.quote, ctx.customerId, side);
  const account = await goldAccountOf(ctx.db, ctx.customerId);
  const base = {
    pricePerGram: idr(q.price),
    quoteExpiresAt: q.expiresAt,
    goldAccountNo: account?.accountNo ?? '',
  };
  if (side === 'buy') {
    const grams = gramsFor(Number(ctx.form.amount), q.price);
    if (grams < 1) throw tooSmall();
    return { ...base, grams: xau(grams), gramsText: gramsText(grams) };
  }
  const grams = Number(ctx.form.grams);
  return {
    ...base,
    grams: xau(grams),
    gramsText: gramsText(grams),
    proceeds: idr(rupiahFor(grams, q.price)),
  };
};

/**
 * `gold.trade` (the posting's service executor), params {side}: takes the quote at confirm and posts
 * the other leg: the grams into the customer's gold account (buy), or the rupiah into the chosen
 * account (sell).
 */
export const goldTradeExecutor: ServiceExecutor = {
  async apply(tx, ctx) {
    const side = ctx.params.side === 'sell' ? 'sell' : 'buy';
    const price = (await takeGoldQuote(tx, text(ctx.form.quote), ctx.customerId, side, new Date())).amount;
    if (side === 'buy') {
      const account = await goldAccountOf(tx, ctx.customerId);
      // The flow's gate (productHeld gold) lets only holders this far.
      if (!account) throw new Error('gold purchase without a gold saving account');
      const grams = gramsFor(Number(ctx.form.amount), price);
      await postEntries(tx, ctx.journalId, [
        { accountId: await internalAccount(tx, GOLD_TRADING, 'XAU'), amount: -grams, currency: 'XAU' },
        { accountId: account.id, amount: grams, currency: 'XAU' },
      ]);
      return { grams: xau(grams), gramsText: gramsText(grams), pricePerGram: idr(price) };
    }
    const grams = Number(ctx.form.grams);
    const proceeds = rupiahFor(grams, price);
    await postEntries(tx, ctx.journalId, [
      { accountId: await internalAccount(tx, GOLD_TRADING, 'IDR'), amount: -proceeds, currency: 'IDR' },
      { accountId: Number(ctx.form.destinationAccount), amount: proceeds, currency: 'IDR' },
    ]);
    return { proceeds: idr(proceeds), pricePerGram: idr(price), proceedsText: formatMoney(idr(proceeds)) };
  },
};

/** A new gold saving account number (unique; drawn again on the rare clash). */
async function openGoldAccount(tx: Queryable, customerId: number, details: Record<string, unknown>) {
  for (;;) {
    const accountNo = `830${String(randomInt(0, 10 ** 9)).padStart(9, '0')}`;
    const { rows } = await tx.query<{ id: string | number }>(
      `INSERT INTO accounts (account_no, customer_id, product, name, currency, balance, floor, details)
       VALUES ($1, $2, 'gold', 'Tabungan Emas', 'XAU', 0, 0, $3::jsonb)
       ON CONFLICT (account_no) DO NOTHING RETURNING id`,
      [accountNo, customerId, JSON.stringify(details)],
    );
    if (rows[0]) return accountNo;
  }
}

async function checkRegistration(db: Queryable, ctx: ServiceRequestContext, take = false) {
  await checkEktp(db, ctx.customerId, text(ctx.form.nik));
  await photoFor(
    db,
    { customerId: ctx.customerId, flowId: ctx.flow.id, photoId: ctx.form.ektpPhoto, field: 'ektpPhoto' },
    take,
  );
}

/**
 * `gold.register` (service executor): the e-KTP number checked against the population registry and
 * the customer's date of birth, its photo taken, and the gold saving account opened (0 g).
 */
export const registerGoldExecutor: ServiceExecutor = {
  async check(db, ctx) {
    await checkRegistration(db, ctx);
    return { ektpStatus: { en: 'e-KTP verified', id: 'e-KTP terverifikasi' } };
  },
  async apply(tx, ctx) {
    await checkRegistration(tx, ctx, true);
    const nik = text(ctx.form.nik);
    const accountNo = await openGoldAccount(tx, ctx.customerId, {
      nik: `${nik.slice(0, 4)}********${nik.slice(-4)}`,
      ektpPhotoId: ctx.form.ektpPhoto,
      purpose: ctx.form.purpose,
    });
    return { goldAccountNo: accountNo };
  },
};
