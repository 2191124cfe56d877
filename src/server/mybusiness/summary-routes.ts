import type { FastifyInstance } from 'fastify';
import { customerOf } from '../http/session-customer';
import { noMerchant } from './errors';
import { wibDay, wibDayStart } from './reports';

const DAY_MS = 86_400_000;

const money = {
  type: 'object',
  additionalProperties: false,
  required: ['amount', 'currency'],
  properties: { amount: { type: 'integer' }, currency: { type: 'string' } },
} as const;

/** The customer's merchants with their last 30 days and latest sales. */
export default async function merchantSummaryRoutes(app: FastifyInstance): Promise<void> {
  const authed = { preHandler: app.requireSession };

  app.post(
    '/api/merchant/v1/summary',
    {
      ...authed,
      schema: {
        tags: ['mybusiness'],
        summary: "The customer's merchants, their last 30 days and latest sales; MERCHANT_NONE without one",
        body: { type: 'object', additionalProperties: false, properties: {} },
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['merchants'],
            properties: {
              merchants: {
                type: 'array',
                items: {
                  type: 'object',
                  additionalProperties: false,
                  required: [
                    'id',
                    'mid',
                    'name',
                    'category',
                    'settlementAccountNo',
                    'mdrBps',
                    'last30Days',
                    'daily',
                    'recent',
                  ],
                  properties: {
                    id: { type: 'string' },
                    mid: { type: 'string' },
                    name: { type: 'string' },
                    category: { type: 'string' },
                    settlementAccountNo: { type: ['string', 'null'] },
                    mdrBps: { type: 'integer' },
                    last30Days: {
                      type: 'object',
                      additionalProperties: false,
                      required: ['count', 'gross', 'fees', 'net'],
                      properties: { count: { type: 'integer' }, gross: money, fees: money, net: money },
                    },
                    daily: {
                      type: 'array',
                      items: {
                        type: 'object',
                        additionalProperties: false,
                        required: ['date', 'count', 'gross'],
                        properties: { date: { type: 'string' }, count: { type: 'integer' }, gross: money },
                      },
                    },
                    recent: {
                      type: 'array',
                      items: {
                        type: 'object',
                        additionalProperties: false,
                        required: ['referenceNo', 'channel', 'payer', 'amount', 'status', 'createdAt'],
                        properties: {
                          referenceNo: { type: 'string' },
                          channel: { type: 'string' },
                          payer: { type: 'string' },
                          amount: money,
                          status: { type: 'string' },
                          createdAt: { type: 'string', format: 'date-time' },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const customerId = customerOf(request);
      const { rows: merchants } = await app.db.query<{
        id: number;
        mid: string;
        name: string;
        category: string;
        account_no: string | null;
        mdr_bps: number;
      }>(
        `SELECT m.id, m.mid, m.name, m.category, a.account_no, m.mdr_bps FROM merchants m
           LEFT JOIN accounts a ON a.id = m.settlement_account_id
          WHERE m.customer_id = $1 ORDER BY m.id`,
        [customerId],
      );
      if (merchants.length === 0) throw noMerchant();
      const today = wibDay(new Date());
      const since = new Date(wibDayStart(today).getTime() - 29 * DAY_MS);
      const out = [];
      for (const m of merchants) {
        const { rows: daily } = await app.db.query<{ day: string; n: number; gross: number; fees: number }>(
          `SELECT to_char(created_at AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD') AS day, count(*)::int AS n,
                  sum(amount)::bigint AS gross, sum(fee)::bigint AS fees
             FROM merchant_transactions WHERE merchant_id = $1 AND status = 'settled' AND created_at >= $2
            GROUP BY 1 ORDER BY 1`,
          [m.id, since.toISOString()],
        );
        const { rows: recent } = await app.db.query<{
          reference_no: string;
          channel: string;
          payer: string;
          amount: number;
          status: string;
          created_at: Date;
        }>(
          `SELECT reference_no, channel, payer, amount, status, created_at FROM merchant_transactions
            WHERE merchant_id = $1 ORDER BY created_at DESC, id DESC LIMIT 8`,
          [m.id],
        );
        const count = daily.reduce((s, d) => s + d.n, 0);
        const gross = daily.reduce((s, d) => s + Number(d.gross), 0);
        const fees = daily.reduce((s, d) => s + Number(d.fees), 0);
        const idr = (amount: number) => ({ amount, currency: 'IDR' });
        out.push({
          id: String(m.id),
          mid: m.mid,
          name: m.name,
          category: m.category,
          settlementAccountNo: m.account_no,
          mdrBps: m.mdr_bps,
          last30Days: { count, gross: idr(gross), fees: idr(fees), net: idr(gross - fees) },
          daily: daily.map((d) => ({ date: d.day, count: d.n, gross: idr(Number(d.gross)) })),
          recent: recent.map((r) => ({
            referenceNo: r.reference_no,
            channel: r.channel,
            payer: r.payer,
            amount: idr(r.amount),
            status: r.status,
            createdAt: new Date(r.created_at).toISOString(),
          })),
        });
      }
      return { merchants: out };
    },
  );
}
