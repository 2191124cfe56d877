import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/db';
import { customerOf } from '../http/session-customer';
import { moneySchema, localizedTextSchema } from '../http/common-schemas';
import { appCatalog, type FlowCatalog } from '../transactions/catalog';
import { serviceContext } from '../transactions/context';
import { stepUrl } from '../../shared/flows/steps';
import {
  normalisePromoCode,
  PROMO_CODE_PATTERN,
  type PromoDetail,
  type PromoSummary,
  type PromoText,
  type PromoTransaction,
} from '../../shared/promo';
import { promoErrors } from './errors';
import { checkUsable } from './quote-promo';
import {
  coversFlow,
  daysLeft,
  findProgramme,
  programmesFor,
  rewardText,
  usesOf,
  type Programme,
} from './store';

export interface PromoRoutesOptions {
  /** The clock; tests move it to a programme's last day. */
  now?: () => Date;
}

const text = localizedTextSchema;
const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const summaryProps = {
  code: str,
  name: text,
  description: text,
  reward: { enum: ['cashback', 'feeWaiver', 'points'] },
  rewardText: text,
  startsAt: str,
  endsAt: str,
  daysLeft: int,
  ended: { type: 'boolean' },
  transactions: { type: 'array', items: text },
  minAmount: moneySchema,
  tasks: int,
  pendingTasks: int,
  points: int,
  completionPoints: int,
  applied: { type: 'boolean' },
  quotaExhausted: { type: 'boolean' },
} as const;
const summarySchema = {
  type: 'object',
  additionalProperties: false,
  required: Object.keys(summaryProps),
  properties: summaryProps,
} as const;
const transactionProps = {
  referenceNo: str,
  date: str,
  source: str,
  type: text,
  destination: text,
  amount: moneySchema,
  adminFee: moneySchema,
  reward: { enum: ['cashback', 'feeWaiver', 'points'] },
  rewardValue: moneySchema,
  points: int,
  status: { enum: ['success', 'pending', 'failed'] },
} as const;
const detailSchema = {
  type: 'object',
  additionalProperties: false,
  required: [...Object.keys(summaryProps), 'usePaths', 'history'],
  properties: {
    ...summaryProps,
    usePaths: { type: 'array', items: str },
    history: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: Object.keys(transactionProps).filter((k) => k !== 'rewardValue'),
        properties: transactionProps,
      },
    },
  },
} as const;
const codeBody = {
  type: 'object',
  additionalProperties: false,
  required: ['code'],
  properties: { code: { type: 'string', pattern: PROMO_CODE_PATTERN } },
} as const;
const empty = { type: 'object', additionalProperties: false, properties: {} } as const;
const idr = (amount: number) => ({ amount, currency: 'IDR' });

/**
 * Promo codes (spec section 3 "Promo"; section 7 names the calls under /api/mailbox/v1/: list,
 * detail, apply, history). Using a code in a transaction is the flow engine's (flows with `promo`);
 * these show the programmes and let a customer apply one to follow it.
 */
export default async function promoRoutes(app: FastifyInstance, opts: PromoRoutesOptions): Promise<void> {
  const now = opts.now ?? (() => new Date());
  const catalog: FlowCatalog = appCatalog(app);
  const { t } = serviceContext({ db: app.db, catalog, registry: app.registry });
  const authed = { preHandler: app.requireSession };

  const flowsOf = (p: Programme) =>
    catalog
      .all()
      .map((e) => e.flow)
      .filter((f) => f.promo && coversFlow(p, f.id));

  async function summaryOf(db: Queryable, customerId: number, p: Programme, at: Date): Promise<PromoSummary> {
    const [uses, enrolled] = await Promise.all([
      usesOf(db, customerId, p.code),
      db.query('SELECT 1 FROM promo_enrolments WHERE customer_id = $1 AND code = $2', [customerId, p.code]),
    ]);
    return {
      code: p.code,
      name: p.name,
      description: p.description,
      reward: p.reward,
      rewardText: rewardText(p),
      startsAt: p.startsAt.toISOString(),
      endsAt: p.endsAt.toISOString(),
      daysLeft: Math.max(0, daysLeft(p, at)),
      ended: p.endsAt <= at,
      transactions: flowsOf(p).map((f): PromoText => ({ en: t(f.titleKey, 'en'), id: t(f.titleKey, 'id') })),
      minAmount: idr(p.minAmount),
      tasks: p.tasks,
      pendingTasks: Math.max(0, p.tasks - uses.count),
      points: uses.points,
      completionPoints: p.completionPoints,
      applied: enrolled.rows.length > 0,
      quotaExhausted: p.used >= p.quota,
    };
  }

  async function historyOf(customerId: number, code: string): Promise<PromoTransaction[]> {
    const { rows } = await app.db.query<{
      reference_no: string;
      created_at: Date | string;
      status: PromoTransaction['status'];
      source_account: string;
      kind: PromoText;
      destination: PromoText;
      amount: string | number;
      admin_fee: string | number;
      reward: PromoTransaction['reward'];
      reward_value: string | number;
      points: number;
    }>(
      `SELECT j.reference_no, j.created_at, j.status, r.source_account, r.kind, r.destination, r.amount,
              r.admin_fee, r.reward, r.reward_value, r.points
         FROM promo_redemptions r JOIN journal j ON j.id = r.journal_id
        WHERE r.customer_id = $1 AND r.code = $2 ORDER BY j.created_at DESC, j.id DESC LIMIT 100`,
      [customerId, code],
    );
    return rows.map((r) => ({
      referenceNo: r.reference_no,
      date: new Date(r.created_at).toISOString(),
      source: r.source_account,
      type: r.kind,
      destination: r.destination,
      amount: idr(Number(r.amount)),
      adminFee: idr(Number(r.admin_fee)),
      reward: r.reward,
      ...(Number(r.reward_value) > 0 ? { rewardValue: idr(Number(r.reward_value)) } : {}),
      points: r.points,
      status: r.status,
    }));
  }

  async function detailOf(customerId: number, code: string): Promise<PromoDetail> {
    const p = await findProgramme(app.db, code);
    if (!p) throw promoErrors.notFound();
    const [summary, history] = await Promise.all([
      summaryOf(app.db, customerId, p, now()),
      historyOf(customerId, p.code),
    ]);
    return { ...summary, usePaths: flowsOf(p).map((f) => stepUrl(f, 'inquiry/')), history };
  }

  app.post(
    '/api/mailbox/v1/promocode/list',
    {
      ...authed,
      schema: {
        tags: ['promo'],
        summary:
          'Promo codes running now that the customer can still use (spec "Promo": period, days left, tasks, points)',
        body: empty,
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['promos'],
            properties: { promos: { type: 'array', items: summarySchema } },
          },
        },
      },
    },
    async (request) => {
      const customerId = customerOf(request);
      const at = now();
      const running = (await programmesFor(app.db, customerId, at)).filter(
        (p) => p.startsAt <= at && p.endsAt > at,
      );
      const all = await Promise.all(running.map((p) => summaryOf(app.db, customerId, p, at)));
      return { promos: all.filter((s) => s.pendingTasks > 0) };
    },
  );

  app.post(
    '/api/mailbox/v1/promocode/history',
    {
      ...authed,
      schema: {
        tags: ['promo'],
        summary: 'The promo codes the customer applied, ended ones included, with what each earned',
        body: empty,
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['promos'],
            properties: { promos: { type: 'array', items: summarySchema } },
          },
        },
      },
    },
    async (request) => {
      const customerId = customerOf(request);
      const at = now();
      const { rows } = await app.db.query<{ code: string }>(
        'SELECT code FROM promo_enrolments WHERE customer_id = $1 ORDER BY applied_at DESC, code',
        [customerId],
      );
      const mine = new Set(rows.map((r) => r.code));
      const programmes = (await programmesFor(app.db, customerId, at)).filter((p) => mine.has(p.code));
      const order = rows.map((r) => r.code);
      programmes.sort((a, b) => order.indexOf(a.code) - order.indexOf(b.code));
      return { promos: await Promise.all(programmes.map((p) => summaryOf(app.db, customerId, p, at))) };
    },
  );

  app.post(
    '/api/mailbox/v1/promocode/detail',
    {
      ...authed,
      schema: {
        tags: ['promo'],
        summary: 'One promo code: its programme, the transactions that earn it, and those made with it',
        body: codeBody,
        response: { 200: detailSchema },
      },
    },
    async (request) =>
      detailOf(customerOf(request), normalisePromoCode((request.body as { code: string }).code)),
  );

  app.post(
    '/api/mailbox/v1/promocode/apply',
    {
      ...authed,
      schema: {
        tags: ['promo'],
        summary:
          'Apply a promo code to follow it (applied list); refused when unknown, not running, used in full or its quota is exhausted',
        body: codeBody,
        response: { 200: detailSchema },
      },
    },
    async (request) => {
      const customerId = customerOf(request);
      const code = normalisePromoCode((request.body as { code: string }).code);
      const p = await findProgramme(app.db, code);
      if (!p) throw promoErrors.notFound();
      await checkUsable(app.db, p, customerId, now());
      await app.db.query(
        'INSERT INTO promo_enrolments (customer_id, code) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [customerId, code],
      );
      return detailOf(customerId, code);
    },
  );
}
