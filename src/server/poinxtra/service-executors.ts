import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/db';
import type { ServiceExecutor, ServiceRequestContext } from '../transactions/contracts';
import type { ChoiceSource } from '../transactions/contracts';
import { internalAccount } from '../transactions/ledger';
import { maskCardNumber } from '../core-bank/portfolio';
import { formatMoney } from '../../shared/money';
import { CASHBACK_MINOR_PER_POINT, POINTS_CURRENCY } from '../../shared/poinxtra';
import { poinErrors } from './errors';
import { ensurePoints, movePoints, pointsOf } from './store';

/*
 * Every movement of Poin Xtra is a service flow of the engine (flows/poinxtra/): verified by OTP or
 * app approval, recorded with a reference number, and the points moved in the confirm's own database
 * transaction. `check` refuses at inquiry; `apply` checks again under the row lock, so a refusal at
 * confirm writes nothing and leaves the OTP unused.
 */

const CASHBACK_ACCOUNT = 'POINXTRA-CASHBACK';
const pts = (amount: number) => ({ amount, currency: POINTS_CURRENCY });
const intOf = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) ? v : NaN);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** A debit of one of the customer's active cards, with what is left of it to pay back with points. */
interface CardDebit {
  entryId: number;
  accountId: number;
  cardNo: string;
  amount: number;
  left: number;
  description: string;
  descriptionEng: string | null;
  at: string;
}

const CARD_DEBITS = `
  SELECT e.id AS entry_id, e.account_id, a.account_no, -e.amount AS amount,
         -e.amount - coalesce((SELECT sum(cb.amount) FROM poin_xtra_cashback cb WHERE cb.entry_id = e.id), 0) AS left_amount,
         j.description, j.description_eng, j.created_at
    FROM ledger_entries e
    JOIN accounts a ON a.id = e.account_id
    JOIN journal j ON j.id = e.journal_id
   WHERE a.customer_id = $1 AND a.product = 'credit_card' AND a.status = 'active' AND a.currency = 'IDR'
     AND e.amount < 0 AND j.status = 'success' AND e.created_at > now() - interval '90 days'`;

interface CardDebitRow {
  entry_id: string | number;
  account_id: string | number;
  account_no: string;
  amount: string | number;
  left_amount: string | number;
  description: string;
  description_eng: string | null;
  created_at: string | Date;
}

const debitOf = (r: CardDebitRow): CardDebit => ({
  entryId: Number(r.entry_id),
  accountId: Number(r.account_id),
  cardNo: r.account_no,
  amount: Number(r.amount),
  left: Number(r.left_amount),
  description: r.description,
  descriptionEng: r.description_eng,
  at: new Date(r.created_at).toISOString(),
});

/** `poinxtra.cardTransactions`: the customer's card purchases of the last 90 days not yet paid back in full. */
export const cardTransactions: ChoiceSource = async ({ db, customerId }) => {
  const { rows } = await db.query<CardDebitRow>(
    `${CARD_DEBITS} ORDER BY e.created_at DESC, e.id DESC LIMIT 30`,
    [customerId],
  );
  return rows
    .map(debitOf)
    .filter((d) => d.left > 0)
    .map((d) => {
      const day = d.at.slice(0, 10);
      const left = { amount: d.left, currency: 'IDR' };
      return {
        value: String(d.entryId),
        labelEng: `${day} · ${d.descriptionEng ?? d.description} · ${formatMoney(left, 'en')}`,
        labelIdn: `${day} · ${d.description} · ${formatMoney(left, 'id')}`,
        detail: { amount: { amount: d.amount, currency: 'IDR' }, left, card: maskCardNumber(d.cardNo) },
      };
    });
};

async function cardDebit(db: Queryable, ctx: ServiceRequestContext, lock: boolean): Promise<CardDebit> {
  const id = Number(ctx.form.transaction);
  if (!Number.isSafeInteger(id) || id <= 0) throw poinErrors.transactionNotAvailable('transaction');
  if (lock) {
    // The card first (accounts in id order, as the ledger locks them), then the cashbacks of this entry.
    await db.query(
      `SELECT a.id FROM accounts a JOIN ledger_entries e ON e.account_id = a.id WHERE e.id = $1 FOR UPDATE OF a`,
      [id],
    );
  }
  const { rows } = await db.query<CardDebitRow>(`${CARD_DEBITS} AND e.id = $2`, [ctx.customerId, id]);
  const d = rows[0] ? debitOf(rows[0]) : undefined;
  if (!d || d.left <= 0) throw poinErrors.transactionNotAvailable('transaction');
  return d;
}

/** The points asked for, the balance checked (spec: "insufficient points"). */
async function pointsWanted(
  db: Queryable,
  ctx: ServiceRequestContext,
  field: string,
  points: number,
  lock: boolean,
) {
  const balance = await pointsOf(db, ctx.customerId, lock);
  if (points > balance) throw poinErrors.insufficientPoints(field, balance);
  return balance;
}

/** What a voucher costs, from the server's copy of lists/poinxtra-vouchers.json (details.choice.voucher). */
function chosen(ctx: ServiceRequestContext, field: string): Record<string, unknown> {
  const choice = ctx.details.choice as Record<string, Record<string, unknown>> | undefined;
  return choice?.[field] ?? {};
}

/** Cashback: how much of the card transaction the points pay back. */
async function cashbackQuote(db: Queryable, ctx: ServiceRequestContext, lock: boolean) {
  const points = intOf(ctx.form.points);
  const d = await cardDebit(db, ctx, lock);
  const balance = await pointsWanted(db, ctx, 'points', points, lock);
  const value = points * CASHBACK_MINOR_PER_POINT;
  if (value > d.left) throw poinErrors.exceedsTransaction('points');
  return { d, points, balance, value };
}

async function voucherQuote(db: Queryable, ctx: ServiceRequestContext, lock: boolean) {
  const points = intOf(chosen(ctx, 'voucher').points);
  if (!Number.isSafeInteger(points) || points <= 0) throw poinErrors.transactionNotAvailable('voucher');
  const balance = await pointsWanted(db, ctx, 'voucher', points, lock);
  return { points, balance };
}

/** `poinxtra.redeem`: points for cashback on a card transaction (form.kind "cashback") or for a voucher. */
export const redeemPoints: ServiceExecutor = {
  async check(db, ctx) {
    if (ctx.form.kind === 'voucher') {
      const q = await voucherQuote(db, ctx, false);
      return { pointsUsed: pts(q.points), pointsLeft: pts(q.balance - q.points) };
    }
    const q = await cashbackQuote(db, ctx, false);
    return {
      pointsUsed: pts(q.points),
      pointsLeft: pts(q.balance - q.points),
      cashback: { amount: q.value, currency: 'IDR' },
      cardNumber: maskCardNumber(q.d.cardNo),
      transactionAmount: { amount: q.d.amount, currency: 'IDR' },
    };
  },
  async apply(tx, ctx) {
    if (ctx.form.kind === 'voucher') {
      const q = await voucherQuote(tx, ctx, true);
      const voucherCode = String(randomInt(10 ** 11, 10 ** 12)) + String(randomInt(1000, 10_000));
      const name = (chosen(ctx, 'voucher').name ?? {}) as { en?: string; id?: string };
      await movePoints(tx, {
        customerId: ctx.customerId,
        points: -q.points,
        kind: 'voucher',
        eng: `Redeemed for ${name.en ?? 'a voucher'}`,
        idn: `Tukar poin: ${name.id ?? 'voucher'}`,
        journalId: ctx.journalId,
        detail: { voucher: str(ctx.form.voucher), voucherCode },
      });
      return { voucherCode, pointsLeft: pts(q.balance - q.points) };
    }
    const q = await cashbackQuote(tx, ctx, true);
    const pool = await internalAccount(tx, CASHBACK_ACCOUNT, 'IDR');
    const ids = [pool, q.d.accountId].sort((a, b) => a - b);
    await tx.query('SELECT id FROM accounts WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE', [ids]);
    // The cashback is the bank's: its pool pays the card back in the redeem's own journal.
    await tx.query(
      `INSERT INTO ledger_entries (journal_id, account_id, amount, currency) VALUES ($1, $2, $3, 'IDR'), ($1, $4, $5, 'IDR')`,
      [ctx.journalId, pool, -q.value, q.d.accountId, q.value],
    );
    await tx.query('UPDATE accounts SET balance = balance - $2 WHERE id = $1', [pool, q.value]);
    await tx.query('UPDATE accounts SET balance = balance + $2 WHERE id = $1', [q.d.accountId, q.value]);
    await tx.query('INSERT INTO poin_xtra_cashback (entry_id, journal_id, amount) VALUES ($1, $2, $3)', [
      q.d.entryId,
      ctx.journalId,
      q.value,
    ]);
    await movePoints(tx, {
      customerId: ctx.customerId,
      points: -q.points,
      kind: 'cashback',
      eng: `Cashback on ${q.d.descriptionEng ?? q.d.description}`,
      idn: `Cashback atas ${q.d.description}`,
      journalId: ctx.journalId,
      detail: { entryId: q.d.entryId, amount: q.value },
    });
    return { pointsLeft: pts(q.balance - q.points) };
  },
};

interface Recipient {
  customerId: number;
  name: string;
}

async function recipientOf(db: Queryable, ctx: ServiceRequestContext): Promise<Recipient> {
  const accountNo = str(ctx.form.recipientAccount);
  const { rows } = await db.query<{ customer_id: string | number; full_name: string }>(
    `SELECT a.customer_id, c.full_name FROM accounts a JOIN customers c ON c.id = a.customer_id
      WHERE a.account_no = $1 AND a.status = 'active' AND a.product IN ('savings', 'current')
        AND c.cif_status = 'active'`,
    [accountNo],
  );
  const r = rows[0];
  if (!r) throw poinErrors.recipientNotFound('recipientAccount');
  if (Number(r.customer_id) === ctx.customerId) throw poinErrors.ownPoints('recipientAccount');
  return { customerId: Number(r.customer_id), name: r.full_name };
}

/** `poinxtra.transfer`: points to another customer of the bank, named by one of their account numbers. */
export const transferPoints: ServiceExecutor = {
  async check(db, ctx) {
    const to = await recipientOf(db, ctx);
    const points = intOf(ctx.form.points);
    const balance = await pointsWanted(db, ctx, 'points', points, false);
    return { recipientName: to.name, pointsUsed: pts(points), pointsLeft: pts(balance - points) };
  },
  async apply(tx, ctx) {
    const to = await recipientOf(tx, ctx);
    const points = intOf(ctx.form.points);
    await ensurePoints(tx, to.customerId);
    // Both rows locked in customer order, so two opposite transfers cannot deadlock.
    await tx.query(
      'SELECT customer_id FROM poin_xtra WHERE customer_id = ANY($1::bigint[]) ORDER BY customer_id FOR UPDATE',
      [[ctx.customerId, to.customerId]],
    );
    const balance = await pointsWanted(tx, ctx, 'points', points, false);
    const { rows } = await tx.query<{ full_name: string }>('SELECT full_name FROM customers WHERE id = $1', [
      ctx.customerId,
    ]);
    const from = rows[0]?.full_name ?? '';
    await movePoints(tx, {
      customerId: ctx.customerId,
      points: -points,
      kind: 'transfer-out',
      eng: `Points sent to ${to.name}`,
      idn: `Transfer poin ke ${to.name}`,
      journalId: ctx.journalId,
    });
    await movePoints(tx, {
      customerId: to.customerId,
      points,
      kind: 'transfer-in',
      eng: `Points received from ${from}`,
      idn: `Terima poin dari ${from}`,
      journalId: ctx.journalId,
    });
    return { pointsLeft: pts(balance - points) };
  },
};

async function mileageQuote(db: Queryable, ctx: ServiceRequestContext, lock: boolean) {
  const programme = chosen(ctx, 'programme');
  const ratio = intOf(programme.pointsPerMile);
  const minimum = intOf(programme.minimumMiles);
  const miles = intOf(ctx.form.miles);
  if (!Number.isSafeInteger(ratio) || ratio <= 0) throw poinErrors.transactionNotAvailable('programme');
  if (Number.isSafeInteger(minimum) && miles < minimum) throw poinErrors.belowMinimumMiles('miles', minimum);
  const points = miles * ratio;
  const balance = await pointsWanted(db, ctx, 'miles', points, lock);
  return { miles, points, balance, name: (programme.name ?? {}) as { en?: string; id?: string } };
}

/** `poinxtra.mileage`: points converted to an airline programme's miles at the programme's rate (lists/airline-programmes.json). */
export const convertToMiles: ServiceExecutor = {
  async check(db, ctx) {
    const q = await mileageQuote(db, ctx, false);
    return { pointsUsed: pts(q.points), pointsLeft: pts(q.balance - q.points), miles: String(q.miles) };
  },
  async apply(tx, ctx) {
    const q = await mileageQuote(tx, ctx, true);
    const conversionReference = `${str(ctx.form.programme)}${String(randomInt(10 ** 9, 10 ** 10))}`;
    await movePoints(tx, {
      customerId: ctx.customerId,
      points: -q.points,
      kind: 'mileage',
      eng: `${q.miles} ${q.name.en ?? ''} miles`.replace('  ', ' '),
      idn: `${q.miles} mil ${q.name.id ?? ''}`.trim(),
      journalId: ctx.journalId,
      detail: {
        programme: str(ctx.form.programme),
        memberNumber: str(ctx.form.memberNumber),
        miles: q.miles,
      },
    });
    return { conversionReference, pointsLeft: pts(q.balance - q.points) };
  },
};

export const poinServiceExecutors = {
  'poinxtra.redeem': redeemPoints,
  'poinxtra.transfer': transferPoints,
  'poinxtra.mileage': convertToMiles,
} as const;
