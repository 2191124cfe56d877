import type { Queryable } from '../db/db';
import type { ServiceRequestContext } from '../transactions/contracts';
import { ApiError } from '../http/api-error';

/** What the credit card services share: the customer's own active card, and a refusal on a form's field. */

export const DAY_MS = 86_400_000;
export const money = (amount: number) => ({ amount, currency: 'IDR' });

export function refusal(
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

export const cardNotAvailable = (field: string) =>
  refusal(
    422,
    'CARD_NOT_AVAILABLE',
    field,
    ['Card not available', 'Please choose one of your own active credit cards.'],
    ['Kartu tidak tersedia', 'Silakan pilih salah satu kartu kredit aktif Anda.'],
  );

export interface ActiveCard {
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
export async function activeCard(
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

export const str = (v: unknown, d: string) => (typeof v === 'string' ? v : d);
