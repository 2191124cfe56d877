import type { Queryable } from '../db/db';
import type { ServiceExecutor, ServiceRequestContext } from '../transactions/contracts';
import type { ChoiceSource } from '../transactions/contracts';
import { ApiError } from '../http/api-error';
import { jakartaToday } from '../core-bank/history';
import { formatMoney } from '../../shared/money';

/**
 * Credit card services as flows: convert a purchase to instalments, increase the credit limit, the card's
 * controls (online, overseas, daily limit). Every refusal is the spec's apierror in both languages on the
 * field, and nothing is written.
 */

/** A purchase of at least this much (minor units of IDR) can be converted, within PURCHASE_DAYS of it. */
export const INSTALMENT_MINIMUM = 50_000_000; // Rp 500.000
export const PURCHASE_DAYS = 60;
/** Flat interest, percent a month, by tenor (months). */
export const INSTALMENT_RATES: Record<number, number> = { 3: 0, 6: 0.75, 12: 0.99 };

/**
 * Spec section 3 names the two kinds of limit increase without their numbers: a temporary one up to
 * this percent over the current limit for up to this many days, a permanent one up to its percent.
 */
export const TEMPORARY_MAX_PERCENT = 50;
export const TEMPORARY_MAX_DAYS = 30;
export const PERMANENT_MAX_PERCENT = 25;

const DAY_MS = 86_400_000;
const money = (amount: number) => ({ amount, currency: 'IDR' });

function refusal(
  status: number,
  code: string,
  field: string | null,
  eng: [string, string],
  idn: [string, string],
) {
  return new ApiError(
    status,
    'CLICKS',
    code,
    { titleEng: eng[0], titleIdn: idn[0], messageEng: eng[1], messageIdn: idn[1] },
    field ? { [`/form/${field}`]: { eng: eng[1], idn: idn[1] } } : undefined,
  );
}

const cardNotAvailable = (field: string) =>
  refusal(
    422,
    'CARD_NOT_AVAILABLE',
    field,
    ['Card not available', 'Please choose one of your own active credit cards.'],
    ['Kartu tidak tersedia', 'Silakan pilih salah satu kartu kredit aktif Anda.'],
  );

interface ActiveCard {
  id: number;
  cardName: string;
  cardNumber: string;
  creditLimit: number;
  balance: number;
  floor: number;
  /** A supplementary card (its main card is another account). */
  supplementary: boolean;
}

/** One of the customer's own active credit cards (blocked, closed or not activated: refused). */
async function activeCard(
  db: Queryable,
  ctx: ServiceRequestContext,
  field: string,
  lock = false,
): Promise<ActiveCard> {
  const id = Number(ctx.form[field]);
  if (!Number.isSafeInteger(id)) throw cardNotAvailable(field);
  const { rows } = await db.query<{
    status: string;
    card_status: string;
    masked_number: string;
    card_name: string;
    credit_limit: string;
    balance: string;
    floor: string;
    main_account_id: string | null;
  }>(
    `SELECT a.status, c.status AS card_status, c.masked_number, c.card_name, c.credit_limit, a.balance, a.floor,
            c.main_account_id
       FROM accounts a JOIN card_accounts c ON c.account_id = a.id
      WHERE a.id = $1 AND a.customer_id = $2 AND a.product = 'credit_card'${lock ? ' FOR UPDATE OF a' : ''}`,
    [id, ctx.customerId],
  );
  const r = rows[0];
  if (!r || r.status !== 'active' || r.card_status !== 'active') throw cardNotAvailable(field);
  return {
    id,
    cardName: r.card_name,
    cardNumber: r.masked_number,
    creditLimit: Number(r.credit_limit),
    balance: Number(r.balance),
    floor: Number(r.floor),
    supplementary: r.main_account_id !== null,
  };
}

const str = (v: unknown, d: string) => (typeof v === 'string' ? v : d);

// ---------------------------------------------------------------------------------------------------
// Convert a purchase to instalments

interface Purchase {
  journalId: number;
  referenceNo: string;
  accountId: number;
  amount: number;
  date: string;
  descriptionEng: string;
  descriptionIdn: string;
}

const PURCHASE_SQL = `
  SELECT j.id, j.reference_no, le.account_id, -le.amount AS amount, j.created_at,
         COALESCE(j.description_eng, j.description) AS description_eng, j.description
    FROM ledger_entries le
    JOIN journal j ON j.id = le.journal_id
    JOIN accounts a ON a.id = le.account_id
   WHERE a.customer_id = $1 AND a.product = 'credit_card' AND a.status = 'active'
     AND le.amount <= $2::bigint AND j.status = 'success' AND le.created_at >= $3::timestamptz
     AND NOT EXISTS (SELECT 1 FROM card_instalments i WHERE i.purchase_journal_id = j.id)`;

type PurchaseRow = {
  id: string;
  reference_no: string;
  account_id: string;
  amount: string;
  created_at: Date | string;
  description_eng: string;
  description: string;
};

const purchaseOf = (r: PurchaseRow): Purchase => ({
  journalId: Number(r.id),
  referenceNo: r.reference_no,
  accountId: Number(r.account_id),
  amount: Number(r.amount),
  date: new Date(r.created_at).toISOString().slice(0, 10),
  descriptionEng: r.description_eng,
  descriptionIdn: r.description,
});

const sinceIso = () => new Date(Date.now() - PURCHASE_DAYS * DAY_MS).toISOString();

/** cards.purchases: the card purchases that can still be converted to instalments (value = reference). */
export const instalmentablePurchases: ChoiceSource = async ({ db, customerId }) => {
  const { rows } = await db.query<PurchaseRow>(`${PURCHASE_SQL} ORDER BY j.created_at DESC LIMIT 50`, [
    customerId,
    -INSTALMENT_MINIMUM,
    sinceIso(),
  ]);
  return rows.map(purchaseOf).map((p) => ({
    value: p.referenceNo,
    labelEng: `${p.date} · ${p.descriptionEng} · ${formatMoney(money(p.amount), 'en')}`,
    labelIdn: `${p.date} · ${p.descriptionIdn} · ${formatMoney(money(p.amount), 'id')}`,
    detail: { currency: 'IDR', amount: money(p.amount), date: p.date },
  }));
};

const purchaseNotAvailable = (field: string) =>
  refusal(
    422,
    'PURCHASE_NOT_CONVERTIBLE',
    field,
    [
      'Transaction cannot be converted',
      `Choose a card purchase of at least Rp 500.000 from the last ${PURCHASE_DAYS} days that is not in instalments yet.`,
    ],
    [
      'Transaksi tidak dapat dicicil',
      `Pilih transaksi kartu minimal Rp 500.000 dalam ${PURCHASE_DAYS} hari terakhir yang belum dicicil.`,
    ],
  );

async function purchaseToConvert(
  db: Queryable,
  ctx: ServiceRequestContext,
  field: string,
): Promise<Purchase> {
  const ref = ctx.form[field];
  if (typeof ref !== 'string') throw purchaseNotAvailable(field);
  const { rows } = await db.query<PurchaseRow>(`${PURCHASE_SQL} AND j.reference_no = $4`, [
    ctx.customerId,
    -INSTALMENT_MINIMUM,
    sinceIso(),
    ref,
  ]);
  if (!rows[0]) throw purchaseNotAvailable(field);
  return purchaseOf(rows[0]);
}

/** Monthly amount (whole rupiah, rounded up) and total interest of a flat-rate plan. */
export function instalmentPlan(principal: number, tenor: number) {
  const rate = INSTALMENT_RATES[tenor] ?? 0;
  const interest = Math.round((principal * rate * tenor) / 100);
  const monthly = Math.ceil((principal + interest) / tenor / 100) * 100;
  return { rate, interest, monthly };
}

function planDetails(p: Purchase, tenor: number) {
  const plan = instalmentPlan(p.amount, tenor);
  return {
    purchaseDate: p.date,
    purchaseAmount: money(p.amount),
    tenorMonths: { eng: `${tenor} months`, idn: `${tenor} bulan` },
    monthlyRate: { eng: `${plan.rate}% a month`, idn: `${plan.rate}% per bulan` },
    monthlyInstalment: money(plan.monthly),
    totalInterest: money(plan.interest),
  };
}

const tenorOf = (ctx: ServiceRequestContext) => Number(ctx.form[str(ctx.params.tenorField, 'tenor')]);

/** card.convertInstalment: a card purchase becomes 3, 6 or 12 monthly instalments (once per purchase). */
const convertInstalment: ServiceExecutor = {
  async check(db, ctx) {
    const p = await purchaseToConvert(db, ctx, str(ctx.params.field, 'transaction'));
    return planDetails(p, tenorOf(ctx));
  },
  async apply(tx, ctx) {
    const field = str(ctx.params.field, 'transaction');
    const p = await purchaseToConvert(tx, ctx, field);
    const tenor = tenorOf(ctx);
    const plan = instalmentPlan(p.amount, tenor);
    // The UNIQUE purchase makes a second confirm of the same purchase write nothing.
    const { rowCount } = await tx.query(
      `INSERT INTO card_instalments (account_id, purchase_journal_id, journal_id, principal, tenor_months, monthly_rate, monthly_amount)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (purchase_journal_id) DO NOTHING`,
      [p.accountId, p.journalId, ctx.journalId, p.amount, tenor, plan.rate, plan.monthly],
    );
    if (rowCount !== 1) throw purchaseNotAvailable(field);
    return planDetails(p, tenor);
  },
};

// ---------------------------------------------------------------------------------------------------
// Credit limit increase

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
const increaseLimit: ServiceExecutor = {
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

// ---------------------------------------------------------------------------------------------------
// Card controls

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
const setControl: ServiceExecutor = {
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

export const creditCardServiceExecutors = {
  'card.convertInstalment': convertInstalment,
  'card.increaseLimit': increaseLimit,
  'card.setControl': setControl,
} satisfies Record<string, ServiceExecutor>;
