import type { FastifyInstance } from 'fastify';
import { OPERATORS } from '../billers/operators';
import { invalidRequest } from '../http/api-error';
import { appCatalog, type FlowCatalog } from '../transactions/catalog';
import { referenceData } from '../reference/store';

/** Spec section 5 and 9: the search starts at 3 characters. */
export const SEARCH_MIN = 3;
const SEARCH_MAX = 50;
const MAX_RESULTS = 8;

export interface BillerEntry {
  name: string;
  flowId: string;
  /** The name in Indonesian, when it differs ("Kartu hadiah Tokopedia"). */
  nameIdn?: string;
  /** The flow's choice field that names this biller, and its code: the form opens with it chosen. */
  field?: string;
  code?: string;
}

/**
 * Every biller a customer can pay, named as customers know it: the billers of the flow files (their
 * inquiry's billerName, so a biller an analyst adds is found with no code) and the mobile operators
 * of the top-up flow.
 */
export function billersOf(catalog: FlowCatalog): BillerEntry[] {
  const out: BillerEntry[] = [];
  for (const { flow } of catalog.all()) {
    const params = (flow.inquiry as { params?: Record<string, unknown> } | undefined)?.params;
    if (typeof params?.billerName === 'string') out.push({ name: params.billerName, flowId: flow.id });
  }
  if (catalog.get('purchase.mobile'))
    for (const op of OPERATORS) out.push({ name: op.name, flowId: 'purchase.mobile' });
  // The providers a flow lets the customer pick (providers/<category>.json: PDAMs, e-wallets, insurers,
  // voucher brands...), each opening the flow with it chosen.
  const { providers } = referenceData();
  for (const { flow } of catalog.all()) {
    const from = flow.provider?.from;
    if (!from?.startsWith('form.')) continue;
    const field = from.slice(5);
    for (const p of providers[flow.provider!.category]?.providers ?? [])
      out.push({
        name: p.name.en,
        flowId: flow.id,
        ...(p.name.id !== p.name.en ? { nameIdn: p.name.id } : {}),
        field,
        code: p.code,
      });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** LIKE's own characters taken literally. */
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The header's search box (spec: "search box and favourites"): billers and the customer's own
 * favourites matching the words typed. Menu entries and flows are searched in the browser, which
 * holds their names in the customer's language.
 */
export default async function searchRoutes(app: FastifyInstance): Promise<void> {
  const billers = billersOf(appCatalog(app));

  app.post(
    '/api/searchbox/v1/search',
    {
      preHandler: app.requireSession,
      schema: {
        tags: ['search'],
        summary: 'Billers and favourites matching a query of at least 3 characters',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['query'],
          properties: {
            query: { type: 'string', minLength: SEARCH_MIN, maxLength: SEARCH_MAX },
          },
        },
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['billers', 'favourites'],
            properties: {
              billers: {
                type: 'array',
                items: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['name', 'flowId'],
                  properties: {
                    name: { type: 'string' },
                    flowId: { type: 'string' },
                    nameIdn: { type: 'string' },
                    field: { type: 'string' },
                    code: { type: 'string' },
                  },
                },
              },
              favourites: {
                type: 'array',
                items: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['id', 'name', 'flowId'],
                  properties: {
                    id: { type: 'string' },
                    name: { type: 'string' },
                    flowId: { type: 'string' },
                  },
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const query = (request.body as { query: string }).query.trim();
      if (query.length < SEARCH_MIN)
        throw invalidRequest({
          '/query': { eng: 'Type at least 3 characters', idn: 'Ketik minimal 3 karakter' },
        });
      const words = fold(query).split(/\s+/).filter(Boolean);
      const found = billers
        .filter((b) => words.every((w) => fold(b.name).includes(w) || fold(b.nameIdn ?? '').includes(w)))
        .slice(0, MAX_RESULTS);
      const conditions = words.map((_, i) => `name ILIKE $${i + 2}`).join(' AND ');
      const { rows } = await app.db.query<{ id: number; name: string; flow_id: string }>(
        `SELECT id, name, flow_id FROM favorites WHERE customer_id = $1 AND ${conditions}
          ORDER BY name LIMIT ${MAX_RESULTS}`,
        [request.session!.customerId, ...words.map((w) => `%${likeLiteral(w)}%`)],
      );
      return {
        billers: found,
        favourites: rows.map((r) => ({ id: String(r.id), name: r.name, flowId: r.flow_id })),
      };
    },
  );
}
