import type { Queryable } from '../db/db';
import type { ServiceExecutor, ServiceRequestContext } from '../transactions/contracts';
import { jakartaToday } from '../core-bank/history';
import { formatMoney } from '../../shared/money';
import { DAY_MS, money, refusal, activeCard, str } from './card-service-kit';

/** A credit limit increased, for a while or for good (card.increaseLimit). */

/**
 * Spec section 3 names the two kinds of limit increase without their numbers: a temporary one up to
 * this percent over the current limit for up to this many days, a permanent one up to its percent.
 */
export const TEMPORARY_MAX_PERCENT = 50;
export const TEMPORARY_MAX_DAYS = 30;
export const PERMANENT_MAX_PERCENT = 25;

/** Ends temporary increases past their last day: the card goes back to its own limit. */
export async function endTemporaryLimits(db: Queryable, accountId: number, today: string): Promise<void> {
  const { rows } = await db.query(
    `SELECT 1 FROM card_limit_changes WHERE account_id = $1 AND kind = 'temporary' AND valid_until < $2::date
        AND NOT EXISTS (SELECT 1 FROM card_limit_changes n WHERE n.account_id = $1 AND n.kind = 'temporary' AND n.valid_until >= $2::date)
      LIMIT 1`,
    [accountId, today],
  );
  if (rows.length === 0) return;
  // The balance may be above the own limit by then: the floor never goes above the balance.
  await db.query(
    `UPDATE accounts a SET floor = LEAST(a.balance, -c.credit_limit)
       FROM card_accounts c WHERE c.account_id = a.id AND a.id = $1 AND a.floor < -c.credit_limit`,
    [accountId],
  );
}

const limitRefused = (code: string, eng: string, idn: string) =>
  refusal(422, code, 'newLimit', ['Limit not increased', eng], ['Limit tidak dinaikkan', idn]);

async function limitRequest(db: Queryable, ctx: ServiceRequestContext, lock = false) {
  const card = await activeCard(db, ctx, str(ctx.params.field, 'card'), lock);
  // Spec section 6: a supplementary holder is told to visit a branch (the main holder's limit it shares).
  if (card.supplementary)
    throw refusal(
      422,
      'SUPPLEMENTARY_CARD',
      str(ctx.params.field, 'card'),
      [
        'Not available for a supplementary card',
        'Only the main card holder can increase the limit. Please visit the nearest branch.',
      ],
      [
        'Tidak tersedia untuk kartu tambahan',
        'Hanya pemegang kartu utama yang dapat menaikkan limit. Silakan kunjungi cabang terdekat.',
      ],
    );
  const today = jakartaToday(Date.now());
  await endTemporaryLimits(db, card.id, today);
  const current = Math.max(card.creditLimit, -card.floor);
  const kind: 'temporary' | 'permanent' = ctx.form.kind === 'temporary' ? 'temporary' : 'permanent';
  const newLimit = Number(ctx.form.newLimit);
  const percent = kind === 'temporary' ? TEMPORARY_MAX_PERCENT : PERMANENT_MAX_PERCENT;
  const ceiling = Math.floor((card.creditLimit * (100 + percent)) / 100);
  if (!Number.isSafeInteger(newLimit) || newLimit <= current)
    throw limitRefused(
      'LIMIT_NOT_HIGHER',
      `The new limit must be above the current limit of ${formatMoney(money(current), 'en')}.`,
      `Limit baru harus di atas limit saat ini ${formatMoney(money(current), 'id')}.`,
    );
  if (newLimit > ceiling)
    throw limitRefused(
      'LIMIT_ABOVE_MAXIMUM',
      `A ${kind} increase can go up to ${percent}% over your card's limit: at most ${formatMoney(money(ceiling), 'en')}.`,
      `Kenaikan ${kind === 'temporary' ? 'sementara' : 'permanen'} maksimal ${percent}% dari limit kartu: paling tinggi ${formatMoney(money(ceiling), 'id')}.`,
    );
  const days = kind === 'temporary' ? Number(ctx.form.days) : 0;
  if (kind === 'temporary' && !(Number.isInteger(days) && days >= 1 && days <= TEMPORARY_MAX_DAYS))
    throw refusal(
      422,
      'DAYS_OUT_OF_RANGE',
      'days',
      ['Limit not increased', `A temporary increase lasts 1 to ${TEMPORARY_MAX_DAYS} days.`],
      ['Limit tidak dinaikkan', `Kenaikan sementara berlaku 1 sampai ${TEMPORARY_MAX_DAYS} hari.`],
    );
  const validUntil =
    kind === 'temporary'
      ? new Date(Date.parse(today) + (days - 1) * DAY_MS).toISOString().slice(0, 10)
      : null;
  return { card, current, kind, newLimit, validUntil };
}

const KIND_TEXT = {
  temporary: { eng: 'Temporary', idn: 'Sementara' },
  permanent: { eng: 'Permanent', idn: 'Permanen' },
};

const limitDetails = (r: Awaited<ReturnType<typeof limitRequest>>) => ({
  cardName: r.card.cardName,
  cardNumber: r.card.cardNumber,
  currentLimit: money(r.current),
  newLimit: money(r.newLimit),
  limitKind: KIND_TEXT[r.kind],
  ...(r.validUntil ? { validUntil: r.validUntil } : {}),
});

/**
 * card.increaseLimit: raises a card's limit, permanently (the card's own limit) or for some days (what
 * may be spent, until the last day). Refused above the ceiling of its kind or not above the current limit.
 */
export const increaseLimit: ServiceExecutor = {
  async check(db, ctx) {
    return limitDetails(await limitRequest(db, ctx));
  },
  async apply(tx, ctx) {
    const r = await limitRequest(tx, ctx, true);
    if (r.kind === 'permanent')
      await tx.query(`UPDATE card_accounts SET credit_limit = $2 WHERE account_id = $1`, [
        r.card.id,
        r.newLimit,
      ]);
    await tx.query(`UPDATE accounts SET floor = LEAST(floor, $2) WHERE id = $1`, [r.card.id, -r.newLimit]);
    await tx.query(
      `INSERT INTO card_limit_changes (account_id, journal_id, kind, previous_limit, new_limit, valid_until)
       VALUES ($1, $2, $3, $4, $5, $6::date)`,
      [r.card.id, ctx.journalId, r.kind, r.current, r.newLimit, r.validUntil],
    );
    return limitDetails(r);
  },
};
