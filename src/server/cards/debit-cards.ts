import type { Queryable } from '../db/db';
import type { ServiceExecutor, ServiceRequestContext } from '../transactions/contracts';
import type { ChoiceSource } from '../transactions/contracts';
import { ApiError } from '../http/api-error';

/**
 * Debit (ATM) cards of the customer's savings and current accounts: linked to internet banking, then
 * blocked and unblocked, each as a verified flow.
 */

interface DebitCardRow {
  id: string;
  card_last4: string;
  status: string;
  linked_at: Date | string | null;
  account_no: string;
  account_name: string;
}

const SQL = `SELECT k.id, k.card_last4, k.status, k.linked_at, a.account_no, a.name AS account_name
               FROM atm_cards k JOIN accounts a ON a.id = k.account_id
              WHERE a.customer_id = $1 AND a.status = 'active' AND a.product IN ('savings', 'current')`;

const label = (r: DebitCardRow) => `•••• ${r.card_last4} · ${r.account_name} ${r.account_no}`;

/**
 * debitcards: the customer's debit cards. spec.statuses (default active) and spec.params.linked (true:
 * linked only, false: not linked yet; absent: both).
 */
export const debitCardChoices: ChoiceSource = async ({ db, customerId, spec }) => {
  const linked = spec.params?.linked;
  const { rows } = await db.query<DebitCardRow>(
    `${SQL} AND k.status = ANY($2::text[]) AND ($3::boolean IS NULL OR (k.linked_at IS NOT NULL) = $3) ORDER BY k.id`,
    [customerId, spec.statuses ?? ['active'], typeof linked === 'boolean' ? linked : null],
  );
  return rows.map((r) => ({
    value: String(r.id),
    labelEng: label(r),
    labelIdn: label(r),
    detail: { accountNo: r.account_no, last4: r.card_last4, status: r.status },
  }));
};

const refusal = (code: string, field: string, eng: [string, string], idn: [string, string]) =>
  new ApiError(
    422,
    'CLICKS',
    code,
    { titleEng: eng[0], titleIdn: idn[0], messageEng: eng[1], messageIdn: idn[1] },
    { [`/form/${field}`]: { eng: eng[1], idn: idn[1] } },
  );

const fieldOf = (ctx: ServiceRequestContext) =>
  typeof ctx.params.field === 'string' ? ctx.params.field : 'card';

async function ownDebitCard(db: Queryable, ctx: ServiceRequestContext, lock = false) {
  const field = fieldOf(ctx);
  const id = Number(ctx.form[field]);
  const { rows } = Number.isSafeInteger(id)
    ? await db.query<DebitCardRow>(`${SQL} AND k.id = $2${lock ? ' FOR UPDATE OF k' : ''}`, [
        ctx.customerId,
        id,
      ])
    : { rows: [] };
  const r = rows[0];
  if (!r)
    throw refusal(
      'CARD_NOT_AVAILABLE',
      field,
      ['Card not available', 'Please choose one of your own debit cards offered.'],
      ['Kartu tidak tersedia', 'Silakan pilih salah satu kartu debit Anda yang tersedia.'],
    );
  return { id, field, row: r, details: { cardNumber: `•••• ${r.card_last4}`, accountNo: r.account_no } };
}

/** debitcard.link: links a debit card to internet banking (once). */
const linkDebitCard: ServiceExecutor = {
  async check(db, ctx) {
    const c = await ownDebitCard(db, ctx);
    refuseLinked(c.row, c.field);
    return c.details;
  },
  async apply(tx, ctx) {
    const c = await ownDebitCard(tx, ctx, true);
    refuseLinked(c.row, c.field);
    await tx.query('UPDATE atm_cards SET linked_at = now() WHERE id = $1', [c.id]);
    return { ...c.details, linkStatus: { eng: 'Linked', idn: 'Terhubung' } };
  },
};

function refuseLinked(r: DebitCardRow, field: string) {
  if (r.linked_at !== null)
    throw refusal(
      'DEBIT_CARD_ALREADY_LINKED',
      field,
      ['Card already linked', 'This debit card is already linked to your internet banking.'],
      ['Kartu sudah terhubung', 'Kartu debit ini sudah terhubung dengan internet banking Anda.'],
    );
}

const STATUS = { active: { eng: 'Active', idn: 'Aktif' }, blocked: { eng: 'Blocked', idn: 'Diblokir' } };

function refuseStatus(r: DebitCardRow, to: 'active' | 'blocked', field: string) {
  if (r.status === to)
    throw to === 'blocked'
      ? refusal(
          'CARD_ALREADY_BLOCKED',
          field,
          ['Card already blocked', 'This debit card is already blocked.'],
          ['Kartu sudah diblokir', 'Kartu debit ini sudah diblokir.'],
        )
      : refusal(
          'CARD_NOT_BLOCKED',
          field,
          ['Card is not blocked', 'This debit card is not blocked, so there is nothing to unblock.'],
          [
            'Kartu tidak diblokir',
            'Kartu debit ini tidak diblokir, jadi tidak ada yang perlu dibuka blokirnya.',
          ],
        );
}

/** debitcard.setStatus: blocks or unblocks a debit card. params: `field`, `to` ("blocked" or "active"). */
const setDebitCardStatus: ServiceExecutor = {
  async check(db, ctx) {
    const c = await ownDebitCard(db, ctx);
    const to = ctx.params.to === 'active' ? 'active' : 'blocked';
    refuseStatus(c.row, to, c.field);
    return { ...c.details, previousStatus: STATUS[c.row.status as 'active'] ?? STATUS.active };
  },
  async apply(tx, ctx) {
    const c = await ownDebitCard(tx, ctx, true);
    const to = ctx.params.to === 'active' ? 'active' : 'blocked';
    refuseStatus(c.row, to, c.field);
    await tx.query('UPDATE atm_cards SET status = $2 WHERE id = $1', [c.id, to]);
    return { ...c.details, newStatus: STATUS[to] };
  },
};

/** debitcard.replace: records a replacement card for one of the customer's debit cards (the branch prints it). */
const replaceDebitCard: ServiceExecutor = {
  async check(db, ctx) {
    return (await ownDebitCard(db, ctx)).details;
  },
  async apply(tx, ctx) {
    const c = await ownDebitCard(tx, ctx, true);
    await tx.query(
      `INSERT INTO service_requests (journal_id, customer_id, flow_id, kind, form) VALUES ($1, $2, $3, 'debitcard-replacement', $4::jsonb)`,
      [ctx.journalId, ctx.customerId, ctx.flow.id, JSON.stringify(ctx.form)],
    );
    return { ...c.details, requestStatus: { eng: 'Received', idn: 'Diterima' } };
  },
};

export const debitCardServiceExecutors = {
  'debitcard.replace': replaceDebitCard,
  'debitcard.link': linkDebitCard,
  'debitcard.setStatus': setDebitCardStatus,
} satisfies Record<string, ServiceExecutor>;
