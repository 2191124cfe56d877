import type { Queryable } from '../db/db';
import { ApiError } from '../http/api-error';
import { jakartaToday } from '../core-bank/history';
import type { ServiceExecutor, ServiceRequestContext } from '../transactions/contracts';
import { cvvHash, newCardNumber, numberHash, vcnKey } from './keys';

/** Virtual card numbers a customer may hold active on one credit card at once. */
export const MAX_ACTIVE_PER_CARD = 5;
/** The least limit of a VCN (Rp 10.000), in minor units. */
export const MIN_LIMIT = 1_000_000;
export const VALIDITY_MONTHS = [1, 3, 6, 12] as const;

function refusal(code: string, field: string | null, eng: [string, string], idn: [string, string]) {
  return new ApiError(
    422,
    'CLICKS',
    code,
    { titleEng: eng[0], titleIdn: idn[0], messageEng: eng[1], messageIdn: idn[1] },
    field ? { [`/form/${field}`]: { eng: eng[1], idn: idn[1] } } : undefined,
  );
}

const rupiah = (minor: number, lang: 'en' | 'id') =>
  `Rp ${(minor / 100).toLocaleString(lang === 'en' ? 'en-US' : 'id-ID', { maximumFractionDigits: 0 })}`;

interface Card {
  id: number;
  cardName: string;
  maskedNumber: string;
  creditLimit: number;
  currency: string;
}

/** The customer's own active credit card named by the form's `card`. */
async function ownCard(db: Queryable, ctx: ServiceRequestContext, lock: boolean): Promise<Card> {
  const id = Number(ctx.form.card);
  const { rows } = Number.isSafeInteger(id)
    ? await db.query<{
        card_name: string;
        masked_number: string;
        credit_limit: string;
        currency: string;
        status: string;
        card_status: string;
      }>(
        `SELECT c.card_name, c.masked_number, c.credit_limit, a.currency, a.status, c.status AS card_status
           FROM accounts a JOIN card_accounts c ON c.account_id = a.id
          WHERE a.id = $1 AND a.customer_id = $2 AND a.product = 'credit_card'${lock ? ' FOR UPDATE OF a' : ''}`,
        [id, ctx.customerId],
      )
    : { rows: [] };
  const r = rows[0];
  if (!r || r.status !== 'active' || r.card_status !== 'active')
    throw refusal(
      'CARD_NOT_AVAILABLE',
      'card',
      ['Card not available', 'Please choose one of your own active credit cards.'],
      ['Kartu tidak tersedia', 'Silakan pilih salah satu kartu kredit aktif Anda.'],
    );
  return {
    id,
    cardName: r.card_name,
    maskedNumber: r.masked_number,
    creditLimit: Number(r.credit_limit),
    currency: r.currency.trim(),
  };
}

/** The date `months` on from `today` (YYYY-MM-DD), kept within the month (31 Jan + 1 = 28/29 Feb). */
export function monthsOn(today: string, months: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

async function request(db: Queryable, ctx: ServiceRequestContext, lock = false) {
  const card = await ownCard(db, ctx, lock);
  const limit = Number(ctx.form.limit);
  if (limit > card.creditLimit)
    throw refusal(
      'VCN_LIMIT_ABOVE_CARD',
      'limit',
      [
        'Limit above your card',
        `A virtual card number's limit is at most your card's limit, ${rupiah(card.creditLimit, 'en')}.`,
      ],
      [
        'Limit melebihi kartu Anda',
        `Limit nomor kartu virtual paling banyak limit kartu Anda, ${rupiah(card.creditLimit, 'id')}.`,
      ],
    );
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM virtual_card_numbers
      WHERE card_account_id = $1 AND status = 'active' AND valid_until >= $2::date`,
    [card.id, jakartaToday(Date.now())],
  );
  if ((rows[0]?.n ?? 0) >= MAX_ACTIVE_PER_CARD)
    throw refusal(
      'VCN_TOO_MANY',
      'card',
      [
        'Too many virtual card numbers',
        `This card already has ${MAX_ACTIVE_PER_CARD} active virtual card numbers. Block one you no longer use first.`,
      ],
      [
        'Terlalu banyak nomor kartu virtual',
        `Kartu ini sudah memiliki ${MAX_ACTIVE_PER_CARD} nomor kartu virtual aktif. Blokir salah satu yang tidak dipakai lagi.`,
      ],
    );
  const months = Number(ctx.form.validity);
  const validUntil = monthsOn(jakartaToday(Date.now()), months);
  const nickname = typeof ctx.form.nickname === 'string' ? ctx.form.nickname.trim() : '';
  return { card, limit, validUntil, nickname };
}

const shown = (r: Awaited<ReturnType<typeof request>>) => ({
  cardName: r.card.cardName,
  cardNumber: r.card.maskedNumber,
  vcnLimit: { amount: r.limit, currency: r.card.currency },
  validUntil: r.validUntil,
  ...(r.nickname ? { nickname: r.nickname } : {}),
});

/**
 * vcn.issue: a virtual card number charging the chosen credit card, with its own limit and validity.
 * The number and CVV leave the server once, as the receipt's `secret` (the engine shows it on that
 * page only and stores it nowhere); the database keeps keyed hashes of them and the last four digits.
 */
const issue: ServiceExecutor = {
  async check(db, ctx) {
    return shown(await request(db, ctx));
  },
  async apply(tx, ctx) {
    // The card's row locked: two confirms of one customer cannot both pass the count of active numbers.
    const r = await request(tx, ctx, true);
    const key = await vcnKey(tx);
    const [y, m] = r.validUntil.split('-') as [string, string];
    const expiry = `${m}/${y.slice(2)}`;
    for (let attempt = 0; ; attempt++) {
      const { number, cvv } = newCardNumber();
      const { rowCount } = await tx.query(
        `INSERT INTO virtual_card_numbers (customer_id, card_account_id, journal_id, number_hash, cvv_hash,
                last4, expiry, valid_until, nickname, currency, limit_amount)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, $9, $10, $11) ON CONFLICT (number_hash) DO NOTHING`,
        [
          ctx.customerId,
          r.card.id,
          ctx.journalId,
          numberHash(key, number),
          cvvHash(key, number, cvv),
          number.slice(-4),
          expiry,
          r.validUntil,
          r.nickname || null,
          r.card.currency,
          r.limit,
        ],
      );
      // A number already issued (one in ~10^9): draw another.
      if (rowCount !== 1 && attempt < 5) continue;
      if (rowCount !== 1) throw new Error('could not draw a new virtual card number');
      return {
        ...shown(r),
        vcnNumber: `•••• •••• •••• ${number.slice(-4)}`,
        vcnExpiry: expiry,
        secret: { cardNumber: number, cvv },
      };
    }
  },
};

export const vcnServiceExecutors = {
  'vcn.issue': issue,
} satisfies Record<string, ServiceExecutor>;
