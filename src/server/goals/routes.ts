import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/db';
import { goalErrors } from './service-executors';
import { customerOf } from '../http/session-customer';
import { rowIdSchema } from '../http/common-schemas';

const money = {
  type: 'object',
  additionalProperties: false,
  required: ['amount', 'currency'],
  properties: { amount: { type: 'integer' }, currency: { type: 'string' } },
} as const;

const goalSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'name',
    'category',
    'target',
    'targetDate',
    'saved',
    'progress',
    'monthly',
    'dayOfMonth',
    'accountNo',
    'sourceAccountNo',
    'transferStatus',
  ],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    category: { type: 'string' },
    target: money,
    targetDate: { type: 'string' },
    saved: money,
    /** Percent of the target saved, 0-100. */
    progress: { type: 'integer' },
    monthly: money,
    dayOfMonth: { type: 'integer' },
    nextTransferDate: { type: 'string' },
    accountNo: { type: 'string' },
    sourceAccountNo: { type: 'string' },
    transferStatus: { type: 'string' },
  },
} as const;

interface GoalRow {
  id: string | number;
  name: string;
  category: string;
  target_amount: string | number;
  target_date: string | Date;
  balance: string | number;
  account_no: string;
  source_account_no: string;
  amount: string | number;
  recurrence: { dayOfMonth?: number } | null;
  next_run_date: string | Date | null;
  instruction_status: string;
}

const dateOf = (v: string | Date) => (typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

async function goalsOf(db: Queryable, customerId: number, id?: number) {
  const { rows } = await db.query<GoalRow>(
    `SELECT g.id, g.name, g.category, g.target_amount, to_char(g.target_date, 'YYYY-MM-DD') AS target_date,
            a.balance, a.account_no, s.account_no AS source_account_no, t.amount, t.recurrence,
            to_char(t.next_run_date, 'YYYY-MM-DD') AS next_run_date, t.status AS instruction_status
       FROM goals g
       JOIN accounts a ON a.id = g.account_id
       JOIN accounts s ON s.id = g.source_account_id
       JOIN scheduled_transfers t ON t.id = g.instruction_id
      WHERE g.customer_id = $1 AND g.status = 'active' AND ($2::bigint IS NULL OR g.id = $2)
      ORDER BY g.created_at, g.id`,
    [customerId, id ?? null],
  );
  return rows.map((r) => {
    const target = Number(r.target_amount);
    const saved = Number(r.balance);
    return {
      id: Number(r.id),
      name: r.name,
      category: r.category,
      target: { amount: target, currency: 'IDR' },
      targetDate: dateOf(r.target_date),
      saved: { amount: saved, currency: 'IDR' },
      progress: Math.max(0, Math.min(100, Math.floor((saved * 100) / target))),
      monthly: { amount: Number(r.amount), currency: 'IDR' },
      dayOfMonth: Number(r.recurrence?.dayOfMonth ?? 1),
      ...(r.next_run_date && r.instruction_status === 'active'
        ? { nextTransferDate: dateOf(r.next_run_date) }
        : {}),
      accountNo: r.account_no,
      sourceAccountNo: r.source_account_no,
      transferStatus: r.instruction_status,
    };
  });
}

/** My goals, read side: each goal with what is saved so far and its monthly transfer. Changes are flows (flows/goal/). */
export default async function goalRoutes(app: FastifyInstance): Promise<void> {
  const authed = { preHandler: app.requireSession };
  app.post(
    '/api/goal/v1/list',
    {
      ...authed,
      schema: {
        tags: ['goal'],
        summary: "The customer's goals with their progress",
        body: { type: 'object', additionalProperties: false, properties: {} },
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['goals'],
            properties: { goals: { type: 'array', items: goalSchema } },
          },
        },
      },
    },
    async (request) => ({ goals: await goalsOf(app.db, customerOf(request)) }),
  );
  app.post(
    '/api/goal/v1/detail',
    {
      ...authed,
      schema: {
        tags: ['goal'],
        summary: 'One goal, with the transfers made into it',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['id'],
          properties: { id: rowIdSchema },
        },
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['goal', 'transfers'],
            properties: {
              goal: goalSchema,
              transfers: {
                type: 'array',
                items: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['date', 'status'],
                  properties: {
                    date: { type: 'string' },
                    status: { type: 'string' },
                    referenceNo: { type: 'string' },
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
      const { id } = request.body as { id: number };
      const [goal] = await goalsOf(app.db, customerId, id);
      if (!goal) throw goalErrors.notFound();
      const { rows } = await app.db.query<{ run_date: string; status: string; reference_no: string | null }>(
        `SELECT to_char(r.run_date, 'YYYY-MM-DD') AS run_date, r.status, coalesce(r.reference_no, j.reference_no) AS reference_no
           FROM goals g JOIN scheduled_runs r ON r.instruction_id = g.instruction_id
           LEFT JOIN journal j ON j.id = r.journal_id
          WHERE g.id = $1 AND g.customer_id = $2 ORDER BY r.run_date DESC LIMIT 60`,
        [id, customerId],
      );
      return {
        goal,
        transfers: rows.map((r) => ({
          date: r.run_date,
          status: r.status,
          ...(r.reference_no ? { referenceNo: r.reference_no } : {}),
        })),
      };
    },
  );
}
