import type { Queryable } from '../db/db';
import type { PostingContext } from '../transactions/context';
import type { Quote } from '../transactions/quote';
import type { Within } from '../transactions/ledger';
import type { PromoText } from '../../shared/promo';
import { ensurePoints, movePoints } from '../poinxtra/store';
import { promoErrors } from './errors';
import { findProgramme, usesOf } from './store';

/** Details a transaction's look-up answers that say whom or what it paid, in order of preference. */
const DESTINATION_KEYS = [
  'itinerary',
  'beneficiaryName',
  'providerName',
  'customerName',
  'beneficiaryAccountNo',
  'phoneNumber',
  'customerNumber',
];

function destinationOf(details: Record<string, unknown>): PromoText {
  for (const k of DESTINATION_KEYS) {
    const v = details[k];
    if (typeof v === 'string' && v.trim()) return { en: v, id: v };
    if (v && typeof v === 'object' && 'en' in v && 'id' in v) {
      const t = v as PromoText;
      return { en: String(t.en), id: String(t.id) };
    }
  }
  return { en: '-', id: '-' };
}

/**
 * Takes the promo code of a confirmed inquiry, inside the database transaction that books it (the
 * confirm's, a cart item's or a scheduled occurrence's): one of the programme's quota, one of the
 * customer's tasks, the points. When the quota ran out or the programme ended since the inquiry,
 * it throws, and nothing of the transaction is written (the OTP stays unused).
 */
export function promoTaker(ctx: Pick<PostingContext, 't' | 'flowOrThrow'>): Within<Quote> {
  return async (tx: Queryable, booked) => {
    const q = booked.quote;
    const promo = q.promo;
    if (!promo) return {};
    const { rowCount } = await tx.query(
      `UPDATE promo_programmes SET used = used + 1
        WHERE code = $1 AND used < quota AND starts_at <= now() AND ends_at > now()`,
      [promo.code],
    );
    if (rowCount !== 1) {
      const p = await findProgramme(tx, promo.code);
      if (p && Date.now() >= p.endsAt.getTime()) throw promoErrors.ended();
      throw promoErrors.quotaExhausted();
    }
    // Under the customer's lock (the booking holds it), so two confirms cannot both take the last task.
    const p = (await findProgramme(tx, promo.code))!;
    const { count } = await usesOf(tx, booked.customerId, promo.code);
    if (count >= p.tasks) throw promoErrors.completed();
    const completion = count + 1 === p.tasks ? p.completionPoints : 0;
    const points = (p.reward === 'points' ? p.points : 0) + completion;

    const { flow } = ctx.flowOrThrow(booked.flowId);
    const { rows } = await tx.query<{ account_no: string }>('SELECT account_no FROM accounts WHERE id = $1', [
      q.debitAccountId,
    ]);
    const adminFee = q.fees.filter((f) => f.kind === 'admin').reduce((s, f) => s + f.amount.amount, 0);
    await tx.query(
      `INSERT INTO promo_enrolments (customer_id, code) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [booked.customerId, promo.code],
    );
    await tx.query(
      `INSERT INTO promo_redemptions (code, customer_id, journal_id, reward, reward_value, points, source_account,
                                      destination, kind, amount, admin_fee)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10, $11)`,
      [
        promo.code,
        booked.customerId,
        booked.journalId,
        promo.reward,
        promo.value?.amount ?? 0,
        points,
        rows[0]?.account_no ?? '-',
        JSON.stringify(destinationOf(q.details)),
        JSON.stringify({ en: ctx.t(flow.titleKey, 'en'), id: ctx.t(flow.titleKey, 'id') }),
        q.amount?.amount ?? 0,
        promo.reward === 'feeWaiver' ? 0 : adminFee,
      ],
    );
    if (points > 0) {
      await ensurePoints(tx, booked.customerId);
      await movePoints(tx, {
        customerId: booked.customerId,
        points,
        kind: 'bonus',
        eng: `Promo ${promo.code}: ${promo.name.en}`,
        idn: `Promo ${promo.code}: ${promo.name.id}`,
        journalId: booked.journalId,
        detail: { promoCode: promo.code },
      });
    }
    return {};
  };
}

/**
 * A transaction that took a code and then failed (the biller or the airline refused it; its money,
 * cashback and waived fee already given back by the reversal): its share of the quota is given back
 * too, and the points it earned are taken back as far as the customer still has them. The task is
 * the customer's again (a failed journal does not count). Runs in the reversal's transaction.
 */
export async function releasePromo(tx: Queryable, journalId: number): Promise<void> {
  const { rows } = await tx.query<{ code: string; customer_id: string | number; points: number }>(
    'SELECT code, customer_id, points FROM promo_redemptions WHERE journal_id = $1',
    [journalId],
  );
  const r = rows[0];
  if (!r) return;
  await tx.query('UPDATE promo_programmes SET used = used - 1 WHERE code = $1 AND used > 0', [r.code]);
  if (r.points > 0) {
    const customerId = Number(r.customer_id);
    const { rows: held } = await tx.query<{ points: string | number }>(
      'SELECT points FROM poin_xtra WHERE customer_id = $1 FOR UPDATE',
      [customerId],
    );
    const back = Math.min(r.points, Number(held[0]?.points ?? 0));
    if (back > 0)
      await movePoints(tx, {
        customerId,
        points: -back,
        kind: 'bonus',
        eng: `Promo ${r.code}: transaction failed, points taken back`,
        idn: `Promo ${r.code}: transaksi gagal, poin ditarik kembali`,
        journalId,
        detail: { promoCode: r.code },
      });
  }
}
