import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/db';
import type { ServiceExecutor, ServiceRequestContext } from '../transactions/contracts';
import type { ChoiceSource } from '../transactions/contracts';
import { ApiError } from '../http/api-error';
import { arr, empty, int, obj, str } from '../myaccount/schemas';
import { maskEmail, maskPhone } from './routes';

/**
 * BI-FAST aliases (proxies): the customer registers their own mobile number or e-mail to receive BI-FAST
 * transfers into an account, changes that account, or removes the alias, each as a verified flow.
 */

interface AliasRow {
  id: string;
  kind: 'phone' | 'email';
  value: string;
  account_id: string;
  account_no: string;
  account_name: string;
}

const shown = (r: { kind: string; value: string }) =>
  r.kind === 'email' ? maskEmail(r.value) : maskPhone(r.value);

const ALIASES = `SELECT b.id, b.kind, b.value, b.account_id, a.account_no, a.name AS account_name
                   FROM bifast_aliases b JOIN accounts a ON a.id = b.account_id
                  WHERE b.customer_id = $1 AND b.status = 'active'`;

/** bifast.aliases: the customer's active aliases. */
export const bifastAliases: ChoiceSource = async ({ db, customerId }) => {
  const { rows } = await db.query<AliasRow>(`${ALIASES} ORDER BY b.id`, [customerId]);
  return rows.map((r) => ({
    value: String(r.id),
    labelEng: `${shown(r)} → ${r.account_no}`,
    labelIdn: `${shown(r)} → ${r.account_no}`,
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

async function ownAccount(db: Queryable, ctx: ServiceRequestContext) {
  const id = Number(ctx.form.account);
  const { rows } = Number.isSafeInteger(id)
    ? await db.query<{ account_no: string }>(
        `SELECT account_no FROM accounts WHERE id = $1 AND customer_id = $2 AND status = 'active' AND product IN ('savings', 'current') AND currency = 'IDR'`,
        [id, ctx.customerId],
      )
    : { rows: [] };
  if (!rows[0])
    throw refusal(
      'ACCOUNT_NOT_ALLOWED',
      'account',
      ['Account not available', 'Please choose one of your rupiah savings or current accounts.'],
      ['Rekening tidak tersedia', 'Silakan pilih salah satu rekening tabungan atau giro rupiah Anda.'],
    );
  return { id, accountNo: rows[0].account_no };
}

async function ownAlias(db: Queryable, ctx: ServiceRequestContext) {
  const id = Number(ctx.form.alias);
  const { rows } = Number.isSafeInteger(id)
    ? await db.query<AliasRow>(`${ALIASES} AND b.id = $2`, [ctx.customerId, id])
    : { rows: [] };
  if (!rows[0])
    throw refusal(
      'ALIAS_NOT_FOUND',
      'alias',
      ['Alias not found', 'Please choose one of your registered aliases.'],
      ['Alias tidak ditemukan', 'Silakan pilih salah satu alias Anda yang terdaftar.'],
    );
  return rows[0];
}

/** The proxy value for a registration: the customer's own e-mail or first mobile number. */
async function proxyOf(
  db: Queryable,
  ctx: ServiceRequestContext,
): Promise<{ kind: 'phone' | 'email'; value: string }> {
  const kind = ctx.form.kind === 'email' ? 'email' : 'phone';
  const { rows } =
    kind === 'email'
      ? await db.query<{ v: string | null }>('SELECT email AS v FROM customers WHERE id = $1', [
          ctx.customerId,
        ])
      : await db.query<{ v: string | null }>(
          'SELECT phone AS v FROM customer_phones WHERE customer_id = $1 ORDER BY id LIMIT 1',
          [ctx.customerId],
        );
  const value = rows[0]?.v;
  if (!value)
    throw refusal(
      'NO_CONTACT',
      'kind',
      ['Not available', 'You have no such contact registered with the bank.'],
      ['Tidak tersedia', 'Anda tidak memiliki kontak tersebut yang terdaftar di bank.'],
    );
  const { rows: taken } = await db.query<{ customer_id: string }>(
    `SELECT customer_id FROM bifast_aliases WHERE lower(value) = lower($1) AND status = 'active'`,
    [value],
  );
  if (taken[0])
    throw Number(taken[0].customer_id) === ctx.customerId
      ? refusal(
          'ALIAS_ALREADY_REGISTERED',
          'kind',
          ['Already registered', 'This alias is already registered. Change its account instead.'],
          ['Sudah terdaftar', 'Alias ini sudah terdaftar. Ubah rekeningnya saja.'],
        )
      : refusal(
          'ALIAS_TAKEN',
          'kind',
          [
            'Alias used elsewhere',
            'This alias is registered at another account. Please remove it there first.',
          ],
          [
            'Alias digunakan di tempat lain',
            'Alias ini terdaftar di rekening lain. Silakan hapus di sana terlebih dahulu.',
          ],
        );
  return { kind, value };
}

async function plan(db: Queryable, ctx: ServiceRequestContext) {
  const action = ctx.params.action;
  if (action === 'register') {
    const proxy = await proxyOf(db, ctx);
    const account = await ownAccount(db, ctx);
    return { action, proxy, account, details: { alias: shown(proxy), accountNo: account.accountNo } };
  }
  const alias = await ownAlias(db, ctx);
  if (action === 'change') {
    const account = await ownAccount(db, ctx);
    if (account.id === Number(alias.account_id))
      throw refusal(
        'SAME_AS_CURRENT',
        'account',
        ['Nothing changed', 'The alias already leads to this account.'],
        ['Tidak ada perubahan', 'Alias sudah terhubung ke rekening ini.'],
      );
    return { action, alias, account, details: { alias: shown(alias), accountNo: account.accountNo } };
  }
  return { action: 'remove', alias, details: { alias: shown(alias), accountNo: alias.account_no } };
}

/** alias.set: params.action "register", "change" or "remove". */
const setAlias: ServiceExecutor = {
  async check(db, ctx) {
    return (await plan(db, ctx)).details;
  },
  async apply(tx, ctx) {
    const p = await plan(tx, ctx);
    if (p.action === 'register' && 'proxy' in p && p.proxy && p.account)
      await tx.query(
        `INSERT INTO bifast_aliases (customer_id, kind, value, account_id, journal_id) VALUES ($1, $2, $3, $4, $5)`,
        [ctx.customerId, p.proxy.kind, p.proxy.value, p.account.id, ctx.journalId],
      );
    else if (p.action === 'change' && 'alias' in p && p.alias && 'account' in p && p.account)
      await tx.query('UPDATE bifast_aliases SET account_id = $2 WHERE id = $1', [p.alias.id, p.account.id]);
    else if ('alias' in p && p.alias)
      await tx.query(`UPDATE bifast_aliases SET status = 'removed', removed_at = now() WHERE id = $1`, [
        p.alias.id,
      ]);
    return p.details;
  },
};

export const aliasServiceExecutors = { 'alias.set': setAlias } satisfies Record<string, ServiceExecutor>;

/** The customer's aliases, read by the settings page. */
export default async function bifastAliasRoutes(app: FastifyInstance) {
  app.post(
    '/api/settings/v1/bifast-aliases',
    {
      preHandler: app.requireSession,
      schema: {
        tags: ['settings'],
        summary: "The customer's BI-FAST aliases and the account each leads to",
        body: empty,
        response: {
          200: obj({
            aliases: arr(
              obj({
                id: int,
                kind: { type: 'string', enum: ['phone', 'email'] },
                alias: str,
                accountNo: str,
                accountName: str,
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const customerId = request.session!.customerId;
      const { rows } = await app.db.query<AliasRow>(`${ALIASES} ORDER BY b.id`, [customerId]);
      return {
        aliases: rows.map((r) => ({
          id: Number(r.id),
          kind: r.kind,
          alias: shown(r),
          accountNo: r.account_no,
          accountName: r.account_name,
        })),
      };
    },
  );
}
