import type { Queryable } from '../db/db';
import { ApiError } from '../http/api-error';
import { accountById } from './account-reads';
import type { DomainPlugin, ServiceExecutor, ServiceRequestContext } from './contracts';

const openRequestExists = () =>
  new ApiError(409, 'CLICKS', 'REQUEST_IN_PROGRESS', {
    titleEng: 'Request already in progress',
    titleIdn: 'Permintaan sedang diproses',
    messageEng: 'You already have the same request in progress. Please wait until it is processed.',
    messageIdn:
      'Anda sudah memiliki permintaan yang sama yang sedang diproses. Silakan tunggu hingga selesai.',
  });

const kindOf = (ctx: ServiceRequestContext) =>
  typeof ctx.params.kind === 'string' ? ctx.params.kind : ctx.flow.id;

async function hasOpenRequest(db: Queryable, ctx: ServiceRequestContext): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM service_requests WHERE customer_id = $1 AND kind = $2 AND status = 'received' LIMIT 1`,
    [ctx.customerId, kindOf(ctx)],
  );
  return rows.length > 0;
}

/**
 * request.record: records the request for the back office (service_requests). params: `kind` (default
 * the flow's id), `once` (true: refused while the customer has the same kind of request still open).
 */
const recordRequest: ServiceExecutor = {
  async check(db, ctx) {
    if (ctx.params.once === true && (await hasOpenRequest(db, ctx))) throw openRequestExists();
    return {};
  },
  async apply(tx, ctx) {
    // Under the confirm's lock on this customer, so two confirms cannot both pass this check.
    if (ctx.params.once === true && (await hasOpenRequest(tx, ctx))) throw openRequestExists();
    await tx.query(
      `INSERT INTO service_requests (journal_id, customer_id, flow_id, kind, form) VALUES ($1, $2, $3, $4, $5::jsonb)`,
      [ctx.journalId, ctx.customerId, ctx.flow.id, kindOf(ctx), JSON.stringify(ctx.form)],
    );
    return { requestStatus: 'received' };
  },
};

const STATUS_TEXT: Record<string, { eng: string; idn: string }> = {
  active: { eng: 'active', idn: 'aktif' },
  blocked: { eng: 'blocked', idn: 'diblokir' },
};

const notChangeable = (field: string, status: string) => {
  const s = STATUS_TEXT[status] ?? { eng: status, idn: status };
  return new ApiError(
    422,
    'CLICKS',
    'STATUS_UNCHANGED',
    {
      titleEng: `Already ${s.eng}`,
      titleIdn: `Sudah ${s.idn}`,
      messageEng: `The card or account you chose is already ${s.eng}.`,
      messageIdn: `Kartu atau rekening yang Anda pilih sudah ${s.idn}.`,
    },
    { [`/form/${field}`]: { eng: `Already ${s.eng}`, idn: `Sudah ${s.idn}` } },
  );
};

/**
 * account.setStatus: sets the status of one of the customer's own cards or accounts (card block and
 * unblock). params: `field` (the form field holding the account id), `to` ("blocked" or "active").
 */
const setAccountStatus: ServiceExecutor = {
  async check(db, ctx) {
    const { field, to } = statusParams(ctx);
    const a = await ownAccount(db, ctx, field);
    if (a.status === to) throw notChangeable(field, to);
    if (!(ctx.flow.choices?.[field]?.statuses ?? ['active']).includes(a.status as 'active'))
      throw accountNotAllowed(field);
    return { previousStatus: a.status };
  },
  async apply(tx, ctx) {
    const { field, to } = statusParams(ctx);
    const a = await ownAccount(tx, ctx, field);
    const { rowCount } = await tx.query(
      `UPDATE accounts SET status = $2 WHERE id = $1 AND status <> $2 AND status <> 'closed'`,
      [a.id, to],
    );
    if (rowCount !== 1) throw notChangeable(field, to);
    return { newStatus: to };
  },
};

function statusParams(ctx: ServiceRequestContext): { field: string; to: 'active' | 'blocked' } {
  const field = typeof ctx.params.field === 'string' ? ctx.params.field : 'account';
  const to = ctx.params.to === 'active' ? 'active' : 'blocked';
  return { field, to };
}

async function ownAccount(db: Queryable, ctx: ServiceRequestContext, field: string) {
  const id = Number(ctx.form[field]);
  const a = Number.isSafeInteger(id) ? await accountById(db, id) : undefined;
  const products = ctx.flow.choices?.[field]?.products;
  if (
    !a ||
    a.customer_id !== ctx.customerId ||
    a.status === 'closed' ||
    a.product === 'internal' ||
    (products && !products.includes(a.product))
  )
    throw accountNotAllowed(field);
  return a;
}

function accountNotAllowed(field: string) {
  return new ApiError(
    422,
    'CLICKS',
    'ACCOUNT_NOT_ALLOWED',
    {
      titleEng: 'Card or account not available',
      titleIdn: 'Kartu atau rekening tidak tersedia',
      messageEng: 'Please choose one of your own cards or accounts offered.',
      messageIdn: 'Silakan pilih salah satu kartu atau rekening Anda yang tersedia.',
    },
    { [`/form/${field}`]: { eng: 'Choose one of the options', idn: 'Pilih salah satu pilihan' } },
  );
}

/** The core's own service executors: a request for the back office, a card's or account's status. */
export const coreServiceExecutors = {
  'request.record': recordRequest,
  'account.setStatus': setAccountStatus,
} satisfies DomainPlugin['serviceExecutors'];
