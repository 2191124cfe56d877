import type { FastifyInstance } from 'fastify';

const RECENT = 5;

const recipient = {
  type: 'object',
  required: ['accountNo', 'name'],
  properties: {
    accountNo: { type: 'string' },
    name: { type: 'string' },
    favoriteId: { type: 'string' },
    lastAt: { type: 'string' },
  },
} as const;

/**
 * Who the customer sends money to, for the transfer page: saved recipients (their same-bank transfer
 * favourites) and the last accounts of other customers they transferred to (newest first).
 */
export default async function recipientsRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/transfer/v1/recipients',
    {
      preHandler: app.requireSession,
      schema: {
        tags: ['transactions'],
        summary: "The customer's saved recipients and recent beneficiaries (same-bank transfers)",
        body: { type: 'object', additionalProperties: false, properties: {} },
        response: {
          200: {
            type: 'object',
            required: ['saved', 'recent'],
            properties: {
              saved: { type: 'array', items: recipient },
              recent: { type: 'array', items: recipient },
            },
          },
        },
      },
    },
    async (request) => {
      const customerId = request.session!.customerId;
      const saved = await app.db.query<{ id: number; name: string; account_no: string }>(
        `SELECT id, name, form ->> 'beneficiaryAccountNo' AS account_no FROM favorites
          WHERE customer_id = $1 AND flow_id = 'transfer.samebank' AND form ? 'beneficiaryAccountNo'
          ORDER BY name LIMIT 20`,
        [customerId],
      );
      // The credit side of the customer's own same-bank transfers, to someone else's account.
      const recent = await app.db.query<{ account_no: string; full_name: string; last_at: Date | string }>(
        `SELECT a.account_no, c.full_name, max(j.created_at) AS last_at
           FROM journal j
           JOIN ledger_entries e ON e.journal_id = j.id AND e.amount > 0
           JOIN accounts a ON a.id = e.account_id JOIN customers c ON c.id = a.customer_id
          WHERE j.customer_id = $1 AND j.flow_id = 'transfer.samebank' AND j.status <> 'failed'
            AND a.customer_id <> $1
          GROUP BY a.account_no, c.full_name
          ORDER BY max(j.created_at) DESC LIMIT ${RECENT}`,
        [customerId],
      );
      return {
        saved: saved.rows.map((r) => ({ favoriteId: String(r.id), name: r.name, accountNo: r.account_no })),
        recent: recent.rows.map((r) => ({
          accountNo: r.account_no,
          name: r.full_name.toUpperCase(),
          lastAt: new Date(r.last_at).toISOString(),
        })),
      };
    },
  );
}
