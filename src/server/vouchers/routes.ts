import type { FastifyInstance } from 'fastify';
import { customerOf } from '../http/session-customer';
import { moneySchema, localizedTextSchema } from '../http/common-schemas';
import type { VoucherPurchase } from '../../shared/travel';
import { referenceData } from '../reference/store';

/** The flow that buys vouchers (flows/voucher/buy.json): its journals are the customer's vouchers. */
const VOUCHER_FLOW = 'voucher.buy';

const text = localizedTextSchema;
const purchaseProps = {
  referenceNo: { type: 'string' },
  boughtAt: { type: 'string' },
  status: { enum: ['success', 'pending', 'failed'] },
  brand: { type: 'string' },
  brandName: text,
  denomination: { type: 'string' },
  voucherCode: { type: ['string', 'null'] },
  validUntil: { type: ['string', 'null'] },
  total: moneySchema,
} as const;

/** The customer's vouchers for /topup-voucher/: each purchase with its code once the brand sent it. */
export default async function voucherRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/voucher/v1/catalogue',
    {
      preHandler: app.requireSession,
      schema: {
        tags: ['voucher'],
        summary: 'The voucher brands (providers/vouchers.json) by kind, with their denominations and prices',
        body: { type: 'object', additionalProperties: false, properties: {} },
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['brands'],
            properties: {
              brands: {
                type: 'array',
                items: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['code', 'name', 'kind', 'from'],
                  properties: {
                    code: { type: 'string' },
                    name: text,
                    kind: { enum: ['game', 'streaming', 'shopping'] },
                    from: moneySchema,
                  },
                },
              },
            },
          },
        },
      },
    },
    async () => {
      const ref = referenceData();
      const prices = (ref.lists['voucher-denominations']?.entries ?? []) as unknown as {
        brand: string;
        price: number;
      }[];
      return {
        brands: (ref.providers.vouchers?.providers ?? []).map((p) => ({
          code: p.code,
          name: p.name,
          kind: (p as unknown as { kind: 'game' | 'streaming' | 'shopping' }).kind,
          // The cheapest way in: "from Rp 21.500".
          from: {
            amount: Math.min(...prices.filter((d) => d.brand === p.code).map((d) => d.price)),
            currency: 'IDR',
          },
        })),
      };
    },
  );

  app.post(
    '/api/voucher/v1/purchases',
    {
      preHandler: app.requireSession,
      schema: {
        tags: ['voucher'],
        summary: 'Vouchers the customer bought, newest first, with their codes',
        body: { type: 'object', additionalProperties: false, properties: {} },
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['purchases'],
            properties: {
              purchases: {
                type: 'array',
                items: {
                  type: 'object',
                  additionalProperties: false,
                  required: Object.keys(purchaseProps),
                  properties: purchaseProps,
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const { rows } = await app.db.query<{
        reference_no: string;
        status: VoucherPurchase['status'];
        created_at: Date | string;
        details: {
          receipt?: { details?: Record<string, unknown>; total?: { amount: number; currency: string } };
        };
      }>(
        `SELECT reference_no, status, created_at, details FROM journal
          WHERE flow_id = $1 AND customer_id = $2 ORDER BY created_at DESC, id DESC LIMIT 30`,
        [VOUCHER_FLOW, customerOf(request)],
      );
      const purchases: VoucherPurchase[] = rows.map((r) => {
        const d = r.details.receipt?.details ?? {};
        const choice = (d.choice ?? {}) as Record<
          string,
          { code?: string; name?: { en: string; id: string } }
        >;
        const name = d.providerName as { en: string; id: string } | undefined;
        return {
          referenceNo: r.reference_no,
          boughtAt: new Date(r.created_at).toISOString(),
          status: r.status,
          brand: String(d.providerCode ?? ''),
          brandName: name ?? { en: String(d.providerCode ?? ''), id: String(d.providerCode ?? '') },
          denomination: String(choice.denomination?.code ?? ''),
          voucherCode: typeof d.voucherCode === 'string' ? d.voucherCode : null,
          validUntil: typeof d.voucherValidUntil === 'string' ? d.voucherValidUntil : null,
          total: r.details.receipt?.total ?? { amount: 0, currency: 'IDR' },
        };
      });
      return { purchases };
    },
  );
}
