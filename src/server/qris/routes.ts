import type { FastifyInstance } from 'fastify';
import { customerOf } from '../http/session-customer';
import { openEventStream } from '../transactions/sse';
import { QRIS } from '../../shared/constants';
import { cancelCode, codeOfCustomer, createCode, latestCodes, type CodeView } from './codes';
import { qrisErrors } from './errors';
import { QrisHub } from './hub';
import { merchantsOfCustomer, staticPayload, type QrisMerchant } from './merchants';

const id = { type: 'string', pattern: '^[0-9]{1,15}$' } as const;
const body = (properties: Record<string, unknown>, required: string[]) =>
  ({ type: 'object', additionalProperties: false, properties, required }) as const;
const str = { type: 'string' } as const;
const nullableStr = { type: ['string', 'null'] } as const;
const code = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'merchantId', 'payload', 'amount', 'billNumber', 'referenceLabel', 'status'],
  properties: {
    id: str,
    merchantId: str,
    payload: str,
    amount: { type: 'integer' },
    billNumber: nullableStr,
    referenceLabel: str,
    status: { enum: ['open', 'paid', 'cancelled', 'expired'] },
    createdAt: str,
    expiresAt: str,
    paidAt: nullableStr,
    saleReference: nullableStr,
    net: { type: ['integer', 'null'] },
  },
} as const;
const sale = {
  type: 'object',
  additionalProperties: false,
  properties: { referenceNo: str, payer: str, amount: { type: 'integer' }, createdAt: str },
} as const;

/** The customer's merchant accepting QRIS (the one named, or the first), or MERCHANT_NONE. */
async function merchantFor(app: FastifyInstance, customerId: number, merchantId?: string) {
  const [m] = await merchantsOfCustomer(app.db, customerId, merchantId ? Number(merchantId) : undefined);
  if (!m) throw qrisErrors.noQrisMerchant();
  return m;
}

async function latestSales(app: FastifyInstance, merchantId: number) {
  const { rows } = await app.db.query<{
    reference_no: string;
    payer: string;
    amount: number;
    created_at: Date;
  }>(
    `SELECT reference_no, payer, amount, created_at FROM merchant_transactions
      WHERE merchant_id = $1 AND channel = 'qris' ORDER BY created_at DESC, id DESC LIMIT 5`,
    [merchantId],
  );
  return rows.map((r) => ({
    referenceNo: r.reference_no,
    payer: r.payer,
    amount: Number(r.amount),
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

const merchantView = (m: QrisMerchant) => ({
  id: String(m.id),
  mid: m.mid,
  name: m.name,
  nmid: m.nmid,
  city: m.city,
  tip: m.tip,
  staticPayload: staticPayload(m),
});

/**
 * My business's "take payment" (/mybusiness/take-payment/): the stall's static code, dynamic codes for
 * one sale (made, followed live, cancelled) and the latest QRIS sales. The page follows a code through
 * an event stream that wakes on the QRIS hub's notifications, from whichever app server booked the sale.
 */
export default async function qrisRoutes(app: FastifyInstance, opts: { rereadMs?: number }): Promise<void> {
  const hub = new QrisHub(app.db, app.log, opts.rereadMs);
  await hub.start();
  app.addHook('onClose', () => hub.stop());
  const authed = { preHandler: app.requireSession };
  const tags = ['qris'];

  app.post<{ Body: { merchantId?: string } }>(
    '/api/qris/v1/merchant/overview',
    {
      ...authed,
      schema: {
        tags,
        summary: "The merchant's static code (the sticker), its latest dynamic codes and QRIS sales",
        body: body({ merchantId: id }, []),
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['merchant', 'codes', 'sales', 'codeTtlMs', 'maxAmount'],
            properties: {
              merchant: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  id: str,
                  mid: str,
                  name: str,
                  nmid: str,
                  city: str,
                  tip: str,
                  staticPayload: str,
                },
              },
              codes: { type: 'array', items: code },
              sales: { type: 'array', items: sale },
              codeTtlMs: { type: 'integer' },
              maxAmount: { type: 'integer' },
            },
          },
        },
      },
    },
    async (request) => {
      const m = await merchantFor(app, customerOf(request), request.body.merchantId);
      return {
        merchant: merchantView(m),
        codes: await latestCodes(app.db, m.id),
        sales: await latestSales(app, m.id),
        codeTtlMs: QRIS.dynamicCodeTtlMs,
        maxAmount: QRIS.maxPerTransaction,
      };
    },
  );

  app.post<{ Body: { merchantId: string; amount: number; billNumber?: string; idempotencyKey: string } }>(
    '/api/qris/v1/merchant/code/create',
    {
      ...authed,
      schema: {
        tags,
        summary: 'A dynamic QRIS code for one sale; the same idempotency key answers the same code',
        body: body(
          {
            merchantId: id,
            amount: { type: 'integer', minimum: 1, maximum: QRIS.maxPerTransaction },
            billNumber: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9 ./_-]{0,24}$' },
            idempotencyKey: { type: 'string', pattern: '^[A-Za-z0-9-]{8,64}$' },
          },
          ['merchantId', 'amount', 'idempotencyKey'],
        ),
        response: { 200: code },
      },
    },
    async (request) => {
      const m = await merchantFor(app, customerOf(request), request.body.merchantId);
      const { amount, billNumber, idempotencyKey } = request.body;
      return createCode(app.db, m, { amount, ...(billNumber ? { billNumber } : {}), idempotencyKey });
    },
  );

  app.post<{ Body: { id: string } }>(
    '/api/qris/v1/merchant/code/status',
    {
      ...authed,
      config: { sessionNoSlide: true },
      schema: {
        tags,
        summary: "A dynamic code's status",
        body: body({ id }, ['id']),
        response: { 200: code },
      },
    },
    async (request) => codeOfCustomer(app.db, customerOf(request), Number(request.body.id)),
  );

  app.post<{ Body: { id: string } }>(
    '/api/qris/v1/merchant/code/cancel',
    {
      ...authed,
      schema: {
        tags,
        summary: 'Cancels an open dynamic code: paying it is refused from then on',
        body: body({ id }, ['id']),
        response: { 200: code },
      },
    },
    async (request) => cancelCode(app.db, customerOf(request), Number(request.body.id)),
  );

  app.get<{ Querystring: { id: string } }>(
    '/api/qris/v1/merchant/code/events',
    {
      preHandler: app.requireSession,
      schema: {
        tags,
        summary: 'Server-sent events: `code` whenever the dynamic code changes (paid, cancelled, expired)',
        querystring: body({ id }, ['id']),
      },
    },
    async (request, reply) => {
      const customerId = customerOf(request);
      const codeId = Number(request.query.id);
      // Refused with the usual apierror before the stream opens when the code is not this customer's.
      const first = await codeOfCustomer(app.db, customerId, codeId);
      let last = '';
      const stream = openEventStream(request, reply, {
        pollMs: hub.rereadMs,
        maxMs: QRIS.dynamicCodeTtlMs + 60_000,
        tick: async (send) => {
          const c: CodeView = await codeOfCustomer(app.db, customerId, codeId);
          if (c.status !== last) {
            last = c.status;
            send('code', c);
          }
          return c.status !== 'open';
        },
      });
      const off = hub.subscribe(Number(first.merchantId), stream.wake);
      void stream.closed.then(off);
    },
  );
}
