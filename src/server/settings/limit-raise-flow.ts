import type { Queryable } from '../db/db';
import type { ServiceExecutor, ServiceRequestContext } from '../transactions/contracts';
import type { ChoiceSource } from '../transactions/contracts';
import { ApiError } from '../http/api-error';
import { formatMoney } from '../../shared/money';
import { COOLING_OFF_HOURS, verifyRaise } from './limits';

/**
 * A raise of a transaction limit is verified as a flow (OTP or approval): the settings page records the
 * request, this flow verifies it and starts its cooling-off (limits.ts says why).
 */

interface RaiseRow {
  id: string;
  category: string;
  channel: string;
  max_per_transaction: string;
  daily_limit: string;
}

const CATEGORY = {
  transfer: { eng: 'Transfer', idn: 'Transfer' },
  payment: { eng: 'Payment', idn: 'Pembayaran' },
  purchase: { eng: 'Purchase', idn: 'Pembelian' },
} as Record<string, { eng: string; idn: string }>;
const CHANNEL = {
  internet: { eng: 'Internet banking', idn: 'Internet banking' },
  mobile: { eng: 'Mobile banking', idn: 'Mobile banking' },
  atm: { eng: 'ATM', idn: 'ATM' },
} as Record<string, { eng: string; idn: string }>;

const SQL = `SELECT id, category, channel, max_per_transaction, daily_limit FROM limit_raise_requests
              WHERE customer_id = $1 AND status = 'awaiting_verification'`;

const idr = (amount: number) => ({ amount, currency: 'IDR' });

/** limits.awaitingRaises: the customer's limit raises waiting for verification. */
export const awaitingRaises: ChoiceSource = async ({ db, customerId }) => {
  const { rows } = await db.query<RaiseRow>(`${SQL} ORDER BY id`, [customerId]);
  return rows.map((r) => {
    const text = (l: 'eng' | 'idn', lang: 'en' | 'id') =>
      `${CATEGORY[r.category]?.[l] ?? r.category} · ${CHANNEL[r.channel]?.[l] ?? r.channel} · ${formatMoney(idr(Number(r.max_per_transaction)), lang)} / ${formatMoney(idr(Number(r.daily_limit)), lang)}`;
    return { value: String(r.id), labelEng: text('eng', 'en'), labelIdn: text('idn', 'id') };
  });
};

async function raiseOf(db: Queryable, ctx: ServiceRequestContext) {
  const id = Number(ctx.form.request);
  const { rows } = Number.isSafeInteger(id)
    ? await db.query<RaiseRow>(`${SQL} AND id = $2`, [ctx.customerId, id])
    : { rows: [] };
  const r = rows[0];
  if (!r)
    throw new ApiError(
      422,
      'CLICKS',
      'RAISE_NOT_AWAITING',
      {
        titleEng: 'Nothing to verify',
        titleIdn: 'Tidak ada yang diverifikasi',
        messageEng:
          'This limit raise is no longer waiting for verification. Change the limit again from Settings.',
        messageIdn: 'Kenaikan limit ini tidak lagi menunggu verifikasi. Ubah limit lagi dari Pengaturan.',
      },
      {
        '/form/request': { eng: 'No longer waiting for verification', idn: 'Tidak lagi menunggu verifikasi' },
      },
    );
  return {
    id,
    details: {
      limitCategory: CATEGORY[r.category] ?? { eng: r.category, idn: r.category },
      limitChannel: CHANNEL[r.channel] ?? { eng: r.channel, idn: r.channel },
      maxPerTransaction: idr(Number(r.max_per_transaction)),
      dailyLimit: idr(Number(r.daily_limit)),
      coolingOff: {
        eng: `Takes effect ${COOLING_OFF_HOURS} hours after verification; you can cancel it until then.`,
        idn: `Berlaku ${COOLING_OFF_HOURS} jam setelah verifikasi; Anda dapat membatalkannya sebelum itu.`,
      },
    },
  };
}

/** limit.verifyRaise: the verified raise starts its cooling-off; the receipt says when it applies. */
const verifyLimitRaise: ServiceExecutor = {
  async check(db, ctx) {
    return (await raiseOf(db, ctx)).details;
  },
  async apply(tx, ctx) {
    const r = await raiseOf(tx, ctx);
    const now = new Date().toISOString();
    if (!(await verifyRaise(tx, ctx.customerId, r.id, now))) await raiseOf(tx, { ...ctx, form: {} });
    const { rows } = await tx.query<{ effective_at: Date | string }>(
      'SELECT effective_at FROM limit_raise_requests WHERE id = $1',
      [r.id],
    );
    return { ...r.details, effectiveAt: new Date(rows[0]!.effective_at).toISOString() };
  },
};

export const limitServiceExecutors = { 'limit.verifyRaise': verifyLimitRaise } satisfies Record<
  string,
  ServiceExecutor
>;
