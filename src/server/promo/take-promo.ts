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
