import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db';
import { ApiError } from '../http/api-error';
import { otpSecret } from '../otp/otp-store';
import { jakartaToday } from '../core-bank/history';
import { arr, bool, date, empty, id, int, money, nullable, obj, str } from '../myaccount/schemas';
import { cardControls } from './card-controls';
import { endTemporaryLimits } from './card-limits';

/** How long the page shows a CVV before hiding it (the server forgets it at once). */
export const CVV_SHOW_SECONDS = 30;

function sessionOf(request: FastifyRequest) {
  const s = request.session;
  if (!s) throw new Error('authenticated route reached without a session');
  return s;
}

const cardNotAvailable = () =>
  new ApiError(
    422,
    'CLICKS',
    'CARD_NOT_AVAILABLE',
    {
      titleEng: 'Card not available',
      titleIdn: 'Kartu tidak tersedia',
      messageEng: 'Please choose one of your own active credit cards.',
      messageIdn: 'Silakan pilih salah satu kartu kredit aktif Anda.',
    },
    { '/card': { eng: 'Choose one of your cards', idn: 'Pilih salah satu kartu Anda' } },
  );

/**
 * A card's CVV, derived when asked from the card number and the bank's secret: it is never stored, and
 * the same card always has the same one (as the card system's would be).
 */
async function cvvOf(db: Queryable, cardNo: string): Promise<string> {
  const mac = createHmac('sha256', await otpSecret(db))
    .update(`cvv:${cardNo}`)
    .digest();
  return String(mac.readUInt32BE(0) % 1000).padStart(3, '0');
}

async function activeCardNo(db: Queryable, customerId: number, accountId: number) {
  const { rows } = await db.query<{ card_no: string }>(
    `SELECT c.card_no FROM accounts a JOIN card_accounts c ON c.account_id = a.id
      WHERE a.id = $1 AND a.customer_id = $2 AND a.product = 'credit_card' AND a.status = 'active' AND c.status = 'active'`,
    [accountId, customerId],
  );
  if (!rows[0]) throw cardNotAvailable();
  return rows[0].card_no;
}

const creditCard = obj({
  id: int,
  cardName: str,
  maskedNumber: str,
  status: { type: 'string', enum: ['active', 'blocked', 'inactive', 'closed'] },
  supplementary: bool,
  creditLimit: money,
  spendingLimit: money,
  available: money,
  temporaryUntil: nullable(date),
  online: bool,
  overseas: bool,
  dailyLimit: nullable(money),
});
const debitCard = obj({
  id: int,
  last4: str,
  accountNo: str,
  accountName: str,
  status: { type: 'string', enum: ['active', 'blocked'] },
  linked: bool,
});

/** The customer's cards and their settings (read), and viewing a CVV after an OTP. */
export default async function cardRoutes(app: FastifyInstance) {
  const authed = { preHandler: app.requireSession };
  const db = app.db;

  app.post(
    '/api/cards/v1/list',
    {
      ...authed,
      schema: {
        tags: ['cards'],
        summary: "The customer's credit and debit cards with their status, limits and controls",
        body: empty,
        response: { 200: obj({ creditCards: arr(creditCard), debitCards: arr(debitCard) }) },
      },
    },
    async (request) => {
      const { customerId } = sessionOf(request);
      const today = jakartaToday(Date.now());
      const { rows: ids } = await db.query<{ id: string }>(
        `SELECT id FROM accounts WHERE customer_id = $1 AND product = 'credit_card' AND status <> 'closed'`,
        [customerId],
      );
      for (const r of ids) await endTemporaryLimits(db, Number(r.id), today);
      const { rows } = await db.query<{
        id: string;
        card_name: string;
        masked_number: string;
        status: string;
        card_status: string;
        main_account_id: string | null;
        credit_limit: string;
        balance: string;
        floor: string;
        currency: string;
        until: Date | string | null;
      }>(
        `SELECT a.id, c.card_name, c.masked_number, a.status, c.status AS card_status, c.main_account_id, c.credit_limit,
                a.balance, a.floor, a.currency,
                (SELECT max(valid_until) FROM card_limit_changes l
                  WHERE l.account_id = a.id AND l.kind = 'temporary' AND l.valid_until >= $2::date) AS until
           FROM accounts a JOIN card_accounts c ON c.account_id = a.id
          WHERE a.customer_id = $1 AND a.product = 'credit_card' AND a.status <> 'closed' ORDER BY a.id`,
        [customerId, today],
      );
      const creditCards = await Promise.all(
        rows.map(async (r) => {
          const currency = r.currency.trim();
          const m = (amount: number) => ({ amount, currency });
          const controls = await cardControls(db, Number(r.id));
          const status = r.card_status === 'inactive' ? 'inactive' : r.status;
          return {
            id: Number(r.id),
            cardName: r.card_name,
            maskedNumber: r.masked_number,
            status,
            supplementary: r.main_account_id !== null,
            creditLimit: m(Number(r.credit_limit)),
            spendingLimit: m(-Number(r.floor)),
            available: m(Math.max(0, Number(r.balance) - Number(r.floor))),
            temporaryUntil: r.until ? new Date(r.until).toISOString().slice(0, 10) : null,
            online: controls.online,
            overseas: controls.overseas,
            dailyLimit: controls.dailyLimit === null ? null : m(controls.dailyLimit),
          };
        }),
      );
      const { rows: debit } = await db.query<{
        id: string;
        card_last4: string;
        account_no: string;
        name: string;
        status: 'active' | 'blocked';
        linked_at: Date | null;
      }>(
        `SELECT k.id, k.card_last4, a.account_no, a.name, k.status, k.linked_at FROM atm_cards k JOIN accounts a ON a.id = k.account_id
          WHERE a.customer_id = $1 AND a.status = 'active' ORDER BY k.id`,
        [customerId],
      );
      return {
        creditCards,
        debitCards: debit.map((k) => ({
          id: Number(k.id),
          last4: k.card_last4,
          accountNo: k.account_no,
          accountName: k.name,
          status: k.status,
          linked: k.linked_at !== null,
        })),
      };
    },
  );

  app.post(
    '/api/cards/v1/cvv/otp',
    {
      ...authed,
      schema: {
        tags: ['cards'],
        summary: 'Sends an OTP to see the CVV of one of the customer active credit cards',
        body: obj({ card: id }),
        response: { 200: obj({ requestId: str, refNumber: str, maskedPhone: str, expiresAt: str }) },
      },
    },
    async (request) => {
      const { customerId } = sessionOf(request);
      await activeCardNo(db, customerId, (request.body as { card: number }).card);
      const phone = (await app.otp.phones(db, customerId)).find((p) => !p.frozenUntil);
      if (!phone)
        throw new ApiError(403, 'CLICKS', 'OTP_ALL_FROZEN', {
          titleEng: 'OTP not available',
          titleIdn: 'OTP tidak tersedia',
          messageEng: 'None of your phones can receive an OTP now. Please call 14041.',
          messageIdn: 'Tidak ada ponsel Anda yang dapat menerima OTP saat ini. Silakan hubungi 14041.',
        });
      const c = await app.otp.issue(db, {
        customerId,
        phoneId: phone.phoneId,
        purpose: 'card.cvv',
        context: 'to view your card CVV',
      });
      return {
        requestId: c.requestId,
        refNumber: c.refNumber,
        maskedPhone: c.maskedPhone,
        expiresAt: c.expiresAt,
      };
    },
  );

  app.post(
    '/api/cards/v1/cvv/reveal',
    {
      ...authed,
      schema: {
        tags: ['cards'],
        summary: 'The CVV of a card, once the OTP is right: shown briefly by the page, never stored',
        body: obj({
          card: id,
          requestId: { type: 'string', minLength: 1, maxLength: 100 },
          otp: { type: 'string', pattern: '^[0-9]{6}$' },
        }),
        response: { 200: obj({ cvv: str, showSeconds: int }) },
      },
    },
    async (request, reply) => {
      const { customerId } = sessionOf(request);
      const body = request.body as { card: number; requestId: string; otp: string };
      const cardNo = await activeCardNo(db, customerId, body.card);
      await app.otp.verify(db, body.requestId, customerId, body.otp);
      await db.query('INSERT INTO cvv_views (customer_id, account_id) VALUES ($1, $2)', [
        customerId,
        body.card,
      ]);
      void reply.header('cache-control', 'no-store');
      return { cvv: await cvvOf(db, cardNo), showSeconds: CVV_SHOW_SECONDS };
    },
  );
}
