import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/api-error';
import { rowIdSchema } from '../http/common-schemas';
import { devToolsEnabled } from '../dev/routes';
import { arr, money, obj, str } from '../myaccount/schemas';
import { chargeVcn, listVcns, type ChargeRequest } from './charge';

const vcn = obj(
  {
    id: str,
    number: str,
    expiry: str,
    validUntil: str,
    nickname: str,
    limit: money,
    spent: money,
    remaining: money,
    status: { type: 'string', enum: ['active', 'blocked', 'expired'] },
    card: obj({ name: str, number: str }),
    createdAt: str,
  },
  ['nickname'],
);

/**
 * Virtual card numbers: the customer's list (never a number, its last four digits) and a block; in
 * demo mode and tests, the simulated merchant's charge through the card switch.
 */
export default async function vcnRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/vcn/v1/list',
    {
      preHandler: app.requireSession,
      schema: {
        summary: "The customer's virtual card numbers with what each may still spend",
        body: obj({}),
        response: { 200: obj({ vcns: arr(vcn) }) },
      },
    },
    async (request) => ({ vcns: await listVcns(app.db, request.session!.customerId) }),
  );

  app.post<{ Body: { id: number } }>(
    '/api/vcn/v1/block',
    {
      preHandler: app.requireSession,
      schema: {
        summary:
          "Blocks one of the customer's virtual card numbers for good (no verification: it only stops it)",
        body: obj({ id: rowIdSchema }),
        response: { 200: obj({ blocked: { type: 'boolean' } }) },
      },
    },
    async (request) => {
      const { rowCount } = await app.db.query(
        `UPDATE virtual_card_numbers SET status = 'blocked' WHERE id = $1 AND customer_id = $2`,
        [request.body.id, request.session!.customerId],
      );
      if (rowCount !== 1)
        throw new ApiError(404, 'CLICKS', 'VCN_NOT_FOUND', {
          titleEng: 'Card number not found',
          titleIdn: 'Nomor kartu tidak ditemukan',
          messageEng: 'This virtual card number does not exist.',
          messageIdn: 'Nomor kartu virtual ini tidak ada.',
        });
      return { blocked: true };
    },
  );

  if (!devToolsEnabled(app)) return;
  // The simulated online merchant: what its card switch sends the issuing bank to charge a VCN.
  app.post<{ Body: ChargeRequest }>(
    '/api/dev/v1/vcn/charge',
    {
      schema: {
        summary: 'A simulated merchant charges a virtual card number (demo and test only)',
        body: obj({
          cardNumber: { type: 'string', pattern: '^[0-9]{16}$' },
          expiry: { type: 'string', pattern: '^(0[1-9]|1[0-2])/[0-9]{2}$' },
          cvv: { type: 'string', pattern: '^[0-9]{3}$' },
          amount: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
          merchant: { type: 'string', minLength: 1, maxLength: 40 },
          merchantReference: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
        }),
        response: {
          200: obj({ approved: { type: 'boolean' }, referenceNo: str, remaining: { type: 'integer' } }),
        },
      },
    },
    async (request) => chargeVcn(app.db, request.body),
  );
}
