import type { Queryable } from '../db/db';
import type { ServiceExecutor, ServiceRequestContext } from '../transactions/contracts';
import { ApiError } from '../http/api-error';

/** A text in both languages: the receipt shows the one the customer reads. */
interface Bilingual {
  eng: string;
  idn: string;
}

type CardStatus = 'active' | 'blocked';

const STATUS: Record<CardStatus, Bilingual> = {
  active: { eng: 'Active', idn: 'Aktif' },
  blocked: { eng: 'Blocked', idn: 'Diblokir' },
};

interface OwnCard {
  id: number;
  status: string;
  maskedNumber: string;
  cardName: string;
}

const fieldOf = (ctx: ServiceRequestContext) =>
  typeof ctx.params.field === 'string' ? ctx.params.field : 'card';

const cardNotAvailable = (field: string) =>
  new ApiError(
    422,
    'CLICKS',
    'CARD_NOT_AVAILABLE',
    {
      titleEng: 'Card not available',
      titleIdn: 'Kartu tidak tersedia',
      messageEng: 'Please choose one of your own credit cards offered.',
      messageIdn: 'Silakan pilih salah satu kartu kredit Anda yang tersedia.',
    },
    { [`/form/${field}`]: { eng: 'Choose one of your cards', idn: 'Pilih salah satu kartu Anda' } },
  );

const alreadyBlocked = (field: string) =>
  new ApiError(
    422,
    'CLICKS',
    'CARD_ALREADY_BLOCKED',
    {
      titleEng: 'Card already blocked',
      titleIdn: 'Kartu sudah diblokir',
      messageEng: 'This card is already blocked. To use it again, unblock it from My Account.',
      messageIdn: 'Kartu ini sudah diblokir. Untuk menggunakannya lagi, buka blokir dari Rekening Saya.',
    },
    { [`/form/${field}`]: { eng: 'This card is already blocked', idn: 'Kartu ini sudah diblokir' } },
  );

const notBlocked = (field: string) =>
  new ApiError(
    422,
    'CLICKS',
    'CARD_NOT_BLOCKED',
    {
      titleEng: 'Card is not blocked',
      titleIdn: 'Kartu tidak diblokir',
      messageEng: 'This card is not blocked, so there is nothing to unblock.',
      messageIdn: 'Kartu ini tidak diblokir, jadi tidak ada yang perlu dibuka blokirnya.',
    },
    { [`/form/${field}`]: { eng: 'This card is not blocked', idn: 'Kartu ini tidak diblokir' } },
  );

/**
 * The customer's own credit card (a main or supplementary card account), or a refusal. `lock` takes
 * the row lock at confirm, so two confirms of the same card are decided one after the other.
 */
async function ownCard(
  db: Queryable,
  ctx: ServiceRequestContext,
  field: string,
  lock = false,
): Promise<OwnCard> {
  const id = Number(ctx.form[field]);
  if (!Number.isSafeInteger(id)) throw cardNotAvailable(field);
  const { rows } = await db.query<{
    id: number;
    status: string;
    masked_number: string;
    card_name: string;
    card_status: string;
  }>(
    `SELECT a.id, a.status, c.masked_number, c.card_name, c.status AS card_status
       FROM accounts a JOIN card_accounts c ON c.account_id = a.id
      WHERE a.id = $1 AND a.customer_id = $2 AND a.product = 'credit_card'${lock ? ' FOR UPDATE OF a' : ''}`,
    [id, ctx.customerId],
  );
  const r = rows[0];
  // A closed card, or one not activated yet, is not blocked or unblocked here.
  if (!r || r.status === 'closed' || r.card_status === 'closed' || r.card_status === 'inactive')
    throw cardNotAvailable(field);
  return { id: Number(r.id), status: r.status, maskedNumber: r.masked_number, cardName: r.card_name };
}

function refuseUnchanged(card: OwnCard, to: CardStatus, field: string) {
  if (card.status === to) throw to === 'blocked' ? alreadyBlocked(field) : notBlocked(field);
}

/**
 * card.setStatus: blocks or unblocks one of the customer's credit cards. params: `field` (the form field
 * holding the card's account id, default "card"), `to` ("blocked" or "active"). The account, the card
 * account and the card system's row change together. Details: `cardNumber` (masked), `previousStatus`
 * at inquiry, `newStatus` on the receipt (both languages).
 */
const setCardStatus: ServiceExecutor = {
  async check(db, ctx) {
    const field = fieldOf(ctx);
    const to: CardStatus = ctx.params.to === 'active' ? 'active' : 'blocked';
    const card = await ownCard(db, ctx, field);
    refuseUnchanged(card, to, field);
    return {
      cardName: card.cardName,
      cardNumber: card.maskedNumber,
      previousStatus: STATUS[card.status as CardStatus],
    };
  },
  async apply(tx, ctx) {
    const field = fieldOf(ctx);
    const to: CardStatus = ctx.params.to === 'active' ? 'active' : 'blocked';
    // Checked again under the row lock: a card blocked since the inquiry is refused, nothing written.
    const card = await ownCard(tx, ctx, field, true);
    refuseUnchanged(card, to, field);
    await tx.query(`UPDATE accounts SET status = $2 WHERE id = $1`, [card.id, to]);
    await tx.query(`UPDATE card_accounts SET status = $2 WHERE account_id = $1`, [card.id, to]);
    await tx.query(`UPDATE credit_cards SET status = $2 WHERE account_id = $1 AND status <> 'inactive'`, [
      card.id,
      to,
    ]);
    return { cardName: card.cardName, cardNumber: card.maskedNumber, newStatus: STATUS[to] };
  },
};

const alreadyActive = (field: string) =>
  new ApiError(
    422,
    'CLICKS',
    'CARD_ALREADY_ACTIVE',
    {
      titleEng: 'Card already active',
      titleIdn: 'Kartu sudah aktif',
      messageEng: 'This card is already active. There is nothing to activate.',
      messageIdn: 'Kartu ini sudah aktif. Tidak ada yang perlu diaktifkan.',
    },
    { [`/form/${field}`]: { eng: 'This card is already active', idn: 'Kartu ini sudah aktif' } },
  );

/** A credit card of the customer that can be activated: its card account says whether it is new. */
async function cardToActivate(db: Queryable, ctx: ServiceRequestContext, field: string, lock = false) {
  const id = Number(ctx.form[field]);
  if (!Number.isSafeInteger(id)) throw cardNotAvailable(field);
  const { rows } = await db.query<{
    status: string;
    card_status: string;
    masked_number: string;
    card_name: string;
  }>(
    `SELECT a.status, c.status AS card_status, c.masked_number, c.card_name
       FROM accounts a JOIN card_accounts c ON c.account_id = a.id
      WHERE a.id = $1 AND a.customer_id = $2 AND a.product = 'credit_card'${lock ? ' FOR UPDATE OF c' : ''}`,
    [id, ctx.customerId],
  );
  const r = rows[0];
  if (!r || r.status === 'closed' || r.card_status === 'closed') throw cardNotAvailable(field);
  // Only a new card (not yet activated) is activated; a blocked card is unblocked instead.
  if (r.card_status !== 'inactive') throw alreadyActive(field);
  return { id, cardName: r.card_name, cardNumber: r.masked_number };
}

/**
 * card.activate: activates a new credit card (card account and card system move from inactive to
 * active, with the time). params: `field` (default "card"). Details: `cardName`, `cardNumber` (masked),
 * `newStatus` on the receipt.
 */
const activateCard: ServiceExecutor = {
  async check(db, ctx) {
    const card = await cardToActivate(db, ctx, fieldOf(ctx));
    return { cardName: card.cardName, cardNumber: card.cardNumber };
  },
  async apply(tx, ctx) {
    const card = await cardToActivate(tx, ctx, fieldOf(ctx), true);
    await tx.query(`UPDATE card_accounts SET status = 'active' WHERE account_id = $1`, [card.id]);
    await tx.query(
      `UPDATE credit_cards SET status = 'active', activated_at = now() WHERE account_id = $1 AND status = 'inactive'`,
      [card.id],
    );
    return { cardName: card.cardName, cardNumber: card.cardNumber, newStatus: STATUS.active };
  },
};

/** The card domain's service executors (their names are in REGISTRY_NAMES.server.serviceExecutors). */
export const cardServiceExecutors = {
  'card.setStatus': setCardStatus,
  'card.activate': activateCard,
} satisfies Record<string, ServiceExecutor>;
