import type { Queryable } from '../db/db';
import type { ServiceExecutor, ServiceRequestContext } from '../transactions/contracts';
import { formatMoney } from '../../shared/money';
import { money, refusal, activeCard, str } from './card-service-kit';

/** The card's controls: online and overseas use, its daily limit (card.setControl). */

export interface CardControls {
  online: boolean;
  overseas: boolean;
  dailyLimit: number | null;
}

export async function cardControls(db: Queryable, accountId: number): Promise<CardControls> {
  const { rows } = await db.query<{ online: boolean; overseas: boolean; daily_limit: string | null }>(
    'SELECT online, overseas, daily_limit FROM card_controls WHERE account_id = $1',
    [accountId],
  );
  const r = rows[0];
  return r
    ? {
        online: r.online,
        overseas: r.overseas,
        dailyLimit: r.daily_limit === null ? null : Number(r.daily_limit),
      }
    : { online: true, overseas: false, dailyLimit: null };
}

const ONOFF = { on: { eng: 'On', idn: 'Aktif' }, off: { eng: 'Off', idn: 'Nonaktif' } };
const unchanged = (field: string) =>
  refusal(
    422,
    'SETTING_UNCHANGED',
    field,
    ['Nothing to change', 'The card already has this setting.'],
    ['Tidak ada perubahan', 'Kartu sudah memiliki pengaturan ini.'],
  );

async function controlRequest(db: Queryable, ctx: ServiceRequestContext, lock = false) {
  const card = await activeCard(db, ctx, str(ctx.params.field, 'card'), lock);
  const now = await cardControls(db, card.id);
  const control = str(ctx.params.control, 'online');
  const next = { ...now };
  let shown: Record<string, unknown>;
  if (control === 'dailyLimit') {
    const limit = Number(ctx.form.dailyLimit);
    if (!Number.isSafeInteger(limit) || limit <= 0 || limit > card.creditLimit)
      throw refusal(
        422,
        'LIMIT_ABOVE_MAXIMUM',
        'dailyLimit',
        [
          'Limit not changed',
          `The daily limit can be at most the card's limit, ${formatMoney(money(card.creditLimit), 'en')}.`,
        ],
        [
          'Limit tidak diubah',
          `Limit harian paling tinggi limit kartu, ${formatMoney(money(card.creditLimit), 'id')}.`,
        ],
      );
    if (limit === now.dailyLimit) throw unchanged('dailyLimit');
    next.dailyLimit = limit;
    shown = { dailyLimit: money(limit) };
  } else {
    const on = ctx.form.setting === 'on';
    const key = control === 'overseas' ? 'overseas' : 'online';
    if (now[key] === on) throw unchanged('setting');
    next[key] = on;
    shown = { newSetting: on ? ONOFF.on : ONOFF.off };
  }
  return { card, next, shown };
}

/** card.setControl: turns online or overseas use on or off, or sets the card's daily limit. params: `control`. */
export const setControl: ServiceExecutor = {
  async check(db, ctx) {
    const r = await controlRequest(db, ctx);
    return { cardName: r.card.cardName, cardNumber: r.card.cardNumber, ...r.shown };
  },
  async apply(tx, ctx) {
    const r = await controlRequest(tx, ctx, true);
    await tx.query(
      `INSERT INTO card_controls (account_id, online, overseas, daily_limit) VALUES ($1, $2, $3, $4)
       ON CONFLICT (account_id) DO UPDATE SET online = $2, overseas = $3, daily_limit = $4, updated_at = now()`,
      [r.card.id, r.next.online, r.next.overseas, r.next.dailyLimit],
    );
    return { cardName: r.card.cardName, cardNumber: r.card.cardNumber, ...r.shown };
  },
};
