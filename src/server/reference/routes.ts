import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/api-error';
import { entryAsChoice, searchEntries, type RefList } from '../../shared/flows/reference';
import { referenceData } from './store';

const option = {
  type: 'object',
  properties: {
    value: { type: 'string' },
    labelEng: { type: 'string' },
    labelIdn: { type: 'string' },
    detail: { type: 'object', additionalProperties: true },
  },
  required: ['value', 'labelEng', 'labelIdn'],
} as const;

const notFound = () =>
  new ApiError(404, 'CLICKS', 'LIST_NOT_FOUND', {
    titleEng: 'List not found',
    titleIdn: 'Daftar tidak ditemukan',
    messageEng: 'This list does not exist.',
    messageIdn: 'Daftar ini tidak ada.',
  });

/**
 * Reference lists served by the server (lists/<name>.json, and each provider category's providers),
 * searched for long lists: GET /api/reference/v1/lists/banks?q=bca&limit=20, /api/reference/v1/providers/water?q=bandung.
 */
export default async function referenceRoutes(app: FastifyInstance): Promise<void> {
  // Query strings are not coerced on this server (ajv coerceTypes off): the limit is digits.
  const schema = (summary: string) => ({
    summary,
    security: [{ bearer: [] }],
    params: {
      type: 'object',
      properties: { name: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,60}$' } },
      required: ['name'],
    },
    querystring: {
      type: 'object',
      additionalProperties: false,
      properties: {
        q: { type: 'string', maxLength: 100 },
        limit: { type: 'string', pattern: '^[1-9][0-9]{0,2}$' },
      },
    },
    response: {
      200: {
        type: 'object',
        properties: { total: { type: 'integer' }, options: { type: 'array', items: option } },
        required: ['total', 'options'],
      },
    },
  });
  type Req = { Params: { name: string }; Querystring: { q?: string; limit?: string } };
  const answer = (list: RefList | undefined, query: Req['Querystring']) => {
    if (!list) throw notFound();
    const found = searchEntries(list, query.q);
    return { total: found.length, options: found.slice(0, Number(query.limit ?? 50)).map(entryAsChoice) };
  };

  app.get<Req>(
    '/api/reference/v1/lists/:name',
    {
      preHandler: app.requireSession,
      schema: schema(
        'A reference list (banks, countries, provinces...), searched by code, names and details',
      ),
    },
    async (request) => answer(referenceData().lists[request.params.name], request.query),
  );

  app.get<Req>(
    '/api/reference/v1/providers/:name',
    {
      preHandler: app.requireSession,
      schema: schema('The providers of a category (PDAMs, insurers, e-wallets...), searched like a list'),
    },
    async (request) => {
      const category = referenceData().providers[request.params.name];
      return answer(
        category && {
          id: category.category,
          // The settlement account is the bank's own business, not the page's.
          entries: category.providers.map(({ settlementAccount: _s, ...p }) => p),
        },
        request.query,
      );
    },
  );
}
