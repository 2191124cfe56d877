import type { FastifyInstance } from 'fastify';
import { DENOMINATIONS, OPERATORS } from './operators';

const money = {
  type: 'object',
  properties: { amount: { type: 'integer' }, currency: { type: 'string' } },
  required: ['amount', 'currency'],
} as const;

/** The mobile top-up form's operators and denominations (the flow's choices read them too). */
export default async function billerRoutes(app: FastifyInstance): Promise<void> {
  const auth = { schema: { security: [{ bearer: [] }] } };

  app.post(
    '/api/mobilepurchase/v1/getpurchaseformdata',
    {
      preHandler: app.requireSession,
      schema: {
        ...auth.schema,
        summary: 'Mobile top-up: operators with their number prefixes, and denominations',
        body: { type: 'object', additionalProperties: false, properties: {} },
        response: {
          200: {
            type: 'object',
            properties: {
              operators: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    code: { type: 'string' },
                    name: { type: 'string' },
                    prefixes: { type: 'array', items: { type: 'string' } },
                  },
                },
              },
              denominations: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    code: { type: 'string' },
                    operator: { type: 'string' },
                    nominal: money,
                    price: money,
                  },
                },
              },
            },
          },
        },
      },
    },
    async () => ({ operators: OPERATORS, denominations: DENOMINATIONS }),
  );
}
