import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/db';
import { ApiError } from '../http/api-error';
import { boardRates, specialRates } from '../core-bank/exchange-rates';
import { SPECIAL_RATE_REFRESH_MS } from '../../shared/constants';

/**
 * The special rate of a SWIFT transfer, quoted live (spec section 4: refreshed every 10 seconds, with
 * a notice). A quote is this 10-second window's special rate (core-bank/exchange-rates.ts: derived
 * from the board and the clock, the same on every app server), stored with an id and an expiry: the
 * end of its window plus CONFIRM_GRACE_MS for the confirm to arrive. The confirm names the quote shown;
 * redeemQuote gives its rate and the instant it was quoted (fx.ts's convert(…, nowMs) books that
 * window's rate), or refuses an expired one so the customer confirms the new rate.
 */
export const CONFIRM_GRACE_MS = 20_000;

export interface RateQuote {
  quoteId: string;
  currency: string;
  /** IDR per one unit: the bank buys at `buy`, sells at `sell` (4 decimals). */
  buy: string;
  sell: string;
  quotedAt: string;
  /** When the page should show the next rate (the window's end). */
  refreshAt: string;
  /** Until when a confirm may name this quote. */
  validUntil: string;
  refreshMs: number;
}

export const rateErrors = {
  currency: () =>
    new ApiError(
      422,
      'CLICKS',
      'INVALID_CURRENCY',
      {
        titleEng: 'Invalid Currency Pairing',
        titleIdn: 'Pasangan mata uang tidak valid',
        messageEng: 'There is no special rate for this currency.',
        messageIdn: 'Tidak ada kurs spesial untuk mata uang ini.',
      },
      { '/currency': { eng: 'Invalid Currency Pairing', idn: 'Pasangan mata uang tidak valid' } },
    ),
  expired: () =>
    new ApiError(409, 'CLICKS', 'RATE_EXPIRED', {
      titleEng: 'The exchange rate has changed',
      titleIdn: 'Kurs telah berubah',
      messageEng: 'The special rate you saw is no longer valid. Please check the new rate and confirm again.',
      messageIdn:
        'Kurs spesial yang Anda lihat sudah tidak berlaku. Silakan periksa kurs terbaru dan konfirmasi kembali.',
    }),
};

export async function quoteRate(
  db: Queryable,
  customerId: number,
  currency: string,
  nowMs = Date.now(),
): Promise<RateQuote> {
  const board = (await boardRates(db)).filter((r) => r.currency.trim() === currency);
  if (!board.length || currency === 'IDR') throw rateErrors.currency();
  const {
    specialRates: [rate],
    validUntil: windowEnd,
  } = specialRates(board, nowMs);
  const validUntil = new Date(Date.parse(windowEnd) + CONFIRM_GRACE_MS).toISOString();
  const quoteId = randomUUID();
  const quotedAt = new Date(nowMs).toISOString();
  await db.query(
    `INSERT INTO special_rate_quotes (id, customer_id, currency, buy, sell, quoted_at, valid_until)
     VALUES ($1, $2, $3, $4::numeric, $5::numeric, $6, $7)`,
    [quoteId, customerId, currency, rate!.buy, rate!.sell, quotedAt, validUntil],
  );
  // Old quotes are of no use once expired; clear a few each time instead of a job.
  await db.query(
    `DELETE FROM special_rate_quotes WHERE id IN (SELECT id FROM special_rate_quotes WHERE valid_until < now() - interval '1 hour' LIMIT 50)`,
  );
  return {
    quoteId,
    currency,
    buy: rate!.buy,
    sell: rate!.sell,
    quotedAt,
    refreshAt: windowEnd,
    validUntil,
    refreshMs: SPECIAL_RATE_REFRESH_MS,
  };
}

/** The quote a confirm names, if it is this customer's, of this currency and still valid. */
export async function redeemQuote(
  db: Queryable,
  customerId: number,
  quoteId: string,
  currency: string,
): Promise<{ buy: string; sell: string; quotedAtMs: number }> {
  const { rows } = await db.query<{ buy: string; sell: string; quoted_at: Date | string; live: boolean }>(
    `SELECT buy::text AS buy, sell::text AS sell, quoted_at, valid_until > now() AS live
       FROM special_rate_quotes WHERE id = $1 AND customer_id = $2 AND currency = $3`,
    [quoteId, customerId, currency],
  );
  const r = rows[0];
  if (!r || !r.live) throw rateErrors.expired();
  return { buy: r.buy, sell: r.sell, quotedAtMs: new Date(r.quoted_at).getTime() };
}
