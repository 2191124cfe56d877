import type { Queryable } from '../db/db';
import type { ApiErrorBody } from '../../shared/api-error';
import type { Executor, Provider } from '../transactions/contracts';
import type { ServiceExecutor } from '../transactions/contracts';
import { internalAccount, postEntries } from '../transactions/ledger';
import { type Money } from '../../shared/money';
import { dropEmptyHolding } from './fund-holdings';
import { longDate } from './funds';
import { BOND_ACCOUNT, bondErrors, heldFace } from './bonds';
import { sellQuote } from './bond-orders';

/** The issuer's side of a bond order: a purchase allotted (settled) or a sale paid, recorded as the customer's trades. */

export const moneyOf = (v: unknown): Money => {
  const x = v as Partial<Money> | undefined;
  return { amount: Number(x?.amount ?? 0), currency: String(x?.currency ?? 'IDR') };
};
export const text = (v: unknown) => (typeof v === 'string' ? v : '');

export async function referenceOf(tx: Queryable, journalId: number): Promise<string> {
  const { rows } = await tx.query<{ reference_no: string }>(
    'SELECT reference_no FROM journal WHERE id = $1',
    [journalId],
  );
  return rows[0]!.reference_no;
}

export async function recordTrade(
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

export function allottedOn(date: string): { ok: false; error: ApiErrorBody } {
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
export const bondPurchase: Provider = {
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
