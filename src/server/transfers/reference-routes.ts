import type { FastifyInstance, FastifyRequest } from 'fastify';
import { participants, METHOD_RULES } from '../clearing/banks';
import { templateCsv } from '../mass-transfer/parse';
import { quoteRate } from '../special-rate/quotes';
import { empty } from './route-schemas';

/** What the transfer forms read: the interbank participants, the mass transfer template, the SWIFT special rate. */
export default async function referenceRoutes(app: FastifyInstance): Promise<void> {
  const auth = { security: [{ bearer: [] }] };
  const customer = (request: FastifyRequest) => request.session!.customerId;

  app.post(
    '/api/transfer/v1/banks',
    {
      preHandler: app.requireSession,
      schema: {
        ...auth,
        summary: 'Banks of the interbank networks, with the methods each takes and each method’s rules',
        body: empty,
        response: {
          200: {
            type: 'object',
            properties: {
              banks: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    code: { type: 'string' },
                    name: { type: 'string' },
                    methods: { type: 'array', items: { type: 'string' } },
                  },
                },
              },
              methods: { type: 'object', additionalProperties: true },
            },
          },
        },
      },
    },
    async () => ({ banks: participants(), methods: METHOD_RULES }),
  );

  // Mass transfer sheets: the template, and a sheet checked row by row.
  app.get(
    '/api/masstransfer/v1/template',
    {
      preHandler: app.requireSession,
      schema: { ...auth, summary: 'The mass transfer template (CSV, opens in Excel)' },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="mass-transfer-template.csv"')
        .send(`\uFEFF${templateCsv()}\r\n`),
  );

  // The SWIFT special rate, quoted live.
  app.post<{ Body: { currency: string } }>(
    '/api/transfer/v1/special-rate/quote',
    {
      preHandler: app.requireSession,
      schema: {
        ...auth,
        summary: 'This 10-second window’s special rate, with a quote id the confirm names and its expiry',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['currency'],
          properties: { currency: { type: 'string', pattern: '^[A-Z]{3}$' } },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              quoteId: { type: 'string' },
              currency: { type: 'string' },
              buy: { type: 'string' },
              sell: { type: 'string' },
              quotedAt: { type: 'string' },
              refreshAt: { type: 'string' },
              validUntil: { type: 'string' },
              refreshMs: { type: 'integer' },
            },
          },
        },
      },
    },
    async (request) => quoteRate(app.db, customer(request), request.body.currency),
  );
}
