import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/api-error';
import { GOAL_ACCOUNT_SQL } from '../transactions/account-reads';

const account = {
  type: 'object',
  required: ['id', 'accountNo', 'name', 'product', 'currency'],
  properties: {
    id: { type: 'integer' },
    accountNo: { type: 'string' },
    name: { type: 'string' },
    product: { type: 'string' },
    currency: { type: 'string' },
  },
} as const;

const answer = {
  type: 'object',
  required: ['accounts', 'sourceAccountId', 'receivingAccountId'],
  properties: {
    accounts: { type: 'array', items: account },
    sourceAccountId: { type: ['integer', 'null'] },
    receivingAccountId: { type: ['integer', 'null'] },
  },
} as const;

const notAllowed = () =>
  new ApiError(422, 'CLICKS', 'ACCOUNT_NOT_ALLOWED', {
    titleEng: 'Account not available',
    titleIdn: 'Rekening tidak tersedia',
    messageEng: 'Choose one of your active savings or current accounts.',
    messageIdn: 'Pilih salah satu rekening tabungan atau giro Anda yang aktif.',
  });

/**
 * /settings/account-visibility/: the customer's main accounts, the source of fund every transaction
 * form starts on and the account money sent to them lands in (dashboard error 95 until both are set).
 */
export default async function mainAccountsRoutes(app: FastifyInstance): Promise<void> {
  const read = async (customerId: number) => {
    const [{ rows: accounts }, { rows: c }] = await Promise.all([
      app.db.query<{ id: number; account_no: string; name: string; product: string; currency: string }>(
        `SELECT a.id, a.account_no, a.name, a.product, a.currency FROM accounts a
          WHERE a.customer_id = $1 AND a.status = 'active' AND a.product IN ('savings', 'current')
            AND NOT ${GOAL_ACCOUNT_SQL} ORDER BY a.id`,
        [customerId],
      ),
      app.db.query<{ s: number | null; r: number | null }>(
        'SELECT default_source_account_id AS s, default_receiving_account_id AS r FROM customers WHERE id = $1',
        [customerId],
      ),
    ]);
    return {
      accounts: accounts.map((a) => ({
        id: Number(a.id),
        accountNo: a.account_no,
        name: a.name,
        product: a.product,
        currency: a.currency.trim(),
      })),
      sourceAccountId: c[0]?.s === null || c[0]?.s === undefined ? null : Number(c[0].s),
      receivingAccountId: c[0]?.r === null || c[0]?.r === undefined ? null : Number(c[0].r),
    };
  };

  app.post(
    '/api/settings/v1/main-accounts',
    {
      preHandler: app.requireSession,
      schema: {
        tags: ['settings'],
        summary: "The customer's savings and current accounts and which are the main ones",
        body: { type: 'object', additionalProperties: false, properties: {} },
        response: { 200: answer },
      },
    },
    async (request) => read(request.session!.customerId),
  );

  app.post(
    '/api/settings/v1/main-accounts/update',
    {
      preHandler: app.requireSession,
      schema: {
        tags: ['settings'],
        summary:
          'Sets the main source-of-fund and receiving accounts (own active savings or current accounts)',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['sourceAccountId', 'receivingAccountId'],
          properties: {
            sourceAccountId: { type: 'integer', minimum: 1 },
            receivingAccountId: { type: 'integer', minimum: 1 },
          },
        },
        response: { 200: answer },
      },
    },
    async (request) => {
      const customerId = request.session!.customerId;
      const b = request.body as { sourceAccountId: number; receivingAccountId: number };
      // Only the customer's own active savings or current accounts; anyone else's reads the same as none.
      const { rowCount } = await app.db.query(
        `UPDATE customers SET default_source_account_id = $2, default_receiving_account_id = $3
          WHERE id = $1 AND (SELECT count(*) FROM accounts a
                              WHERE a.id IN ($2::int8, $3::int8) AND a.customer_id = $1 AND a.status = 'active'
                                AND a.product IN ('savings', 'current') AND NOT ${GOAL_ACCOUNT_SQL})
                             = CASE WHEN $2::int8 = $3::int8 THEN 1 ELSE 2 END`,
        [customerId, b.sourceAccountId, b.receivingAccountId],
      );
      if (!rowCount) throw notAllowed();
      return read(customerId);
    },
  );
}
