import { registerRateLimit } from '../http/rate-limit-store';
import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ApiError } from '../http/api-error';
import { appCatalog } from '../transactions/catalog';
import { lookupLocaleKey } from '../../shared/flows/locale-key';
import { checkReceipt, normaliseCode, receiptCode } from './check';
import { checkPage, type PageText } from './page';

const ROOT = process.env.FLOWS_ROOT ?? path.resolve(import.meta.dirname, '..', '..', '..');

/** One language's text of a namespace, read once. */
function localeText(lang: 'en' | 'id') {
  const cache = new Map<string, unknown>();
  const ns = (name: string) => {
    if (!cache.has(name))
      cache.set(name, JSON.parse(readFileSync(path.join(ROOT, 'locales', lang, `${name}.json`), 'utf8')));
    return cache.get(name);
  };
  return (key: string) => {
    const v = lookupLocaleKey(ns, key);
    return typeof v === 'string' ? v : key;
  };
}

const money = {
  type: 'object',
  required: ['amount', 'currency'],
  properties: { amount: { type: 'integer' }, currency: { type: 'string' } },
} as const;
const party = {
  type: 'object',
  required: ['name', 'accountNo'],
  properties: { name: { type: 'string' }, accountNo: { type: 'string' } },
} as const;

const receiptNotFound = () =>
  new ApiError(404, 'CLICKS', 'RECEIPT_NOT_FOUND', {
    titleEng: 'Receipt not found',
    titleIdn: 'Bukti transaksi tidak ditemukan',
    messageEng: 'There is no transaction with this reference number in your account.',
    messageIdn: 'Tidak ada transaksi dengan nomor referensi ini di rekening Anda.',
  });

/**
 * Receipts a third party can check: the customer's receipt gets a check code (printed with a QR code
 * on the PDF), and anyone with the code sees, without logging in, whether the bank booked it, masked.
 * The public side is rate-limited per address so codes cannot be guessed in bulk.
 */
export default async function receiptRoutes(app: FastifyInstance): Promise<void> {
  const catalog = appCatalog(app);
  const text = { en: localeText('en'), id: localeText('id') };
  const title = (flowId: string, lang: 'en' | 'id') => {
    const key = catalog.get(flowId)?.flow.titleKey;
    return key ? text[lang](key) : flowId;
  };
  await registerRateLimit(app);
  const publicRate = { max: 30, timeWindow: 60_000 };

  app.post(
    '/api/receipt/v1/code',
    {
      preHandler: app.requireSession,
      schema: {
        tags: ['receipts'],
        summary: "The check code of one of the customer's receipts (made on first request)",
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['referenceNo'],
          properties: { referenceNo: { type: 'string', pattern: '^[0-9A-Za-z-]{1,40}$' } },
        },
        response: {
          200: {
            type: 'object',
            required: ['code', 'path'],
            properties: { code: { type: 'string' }, path: { type: 'string' } },
          },
        },
      },
    },
    async (request) => {
      const { referenceNo } = request.body as { referenceNo: string };
      const code = await receiptCode(app.db, request.session!.customerId, referenceNo);
      if (!code) throw receiptNotFound();
      return { code, path: `/r/${code}` };
    },
  );

  app.post(
    '/api/receipt/v1/check',
    {
      config: { rateLimit: publicRate },
      schema: {
        tags: ['receipts'],
        summary: 'Whether a receipt with this check code exists, with its masked details (no session needed)',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['code'],
          properties: { code: { type: 'string', minLength: 1, maxLength: 20 } },
        },
        response: {
          200: {
            type: 'object',
            required: ['found'],
            properties: {
              found: { type: 'boolean' },
              receipt: {
                type: 'object',
                required: ['referenceNo', 'status', 'flowId', 'titleEng', 'titleIdn', 'createdAt', 'total'],
                properties: {
                  referenceNo: { type: 'string' },
                  status: { type: 'string', enum: ['success', 'pending', 'failed'] },
                  flowId: { type: 'string' },
                  titleEng: { type: 'string' },
                  titleIdn: { type: 'string' },
                  createdAt: { type: 'string' },
                  total: money,
                  from: party,
                  to: party,
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const code = normaliseCode((request.body as { code: string }).code);
      const r = code ? await checkReceipt(app.db, code) : null;
      if (!r) return { found: false };
      return {
        found: true,
        receipt: { ...r, titleEng: title(r.flowId, 'en'), titleIdn: title(r.flowId, 'id') },
      };
    },
  );

  // The page the QR code opens, and where a code is typed: plain HTML, no script, fast on any phone.
  const page = async (
    request: { query: unknown; params: unknown; cspNonce: string },
    reply: { type: (t: string) => unknown; header: (k: string, v: string) => unknown },
  ) => {
    const q = request.query as { lang?: string; code?: string };
    const lang = q.lang === 'en' ? 'en' : 'id';
    const typed = (request.params as { code?: string }).code ?? q.code;
    const code = typed ? normaliseCode(typed) : null;
    const r = code ? await checkReceipt(app.db, code) : null;
    reply.type('text/html; charset=utf-8');
    reply.header('Cache-Control', 'no-store');
    reply.header('X-Robots-Tag', 'noindex');
    const t: PageText = (k) => text[lang](`receipts:check.${k}`);
    return checkPage({
      lang,
      t,
      typed: typed ?? null,
      code,
      receipt: r ? { ...r, title: title(r.flowId, lang) } : null,
      nonce: request.cspNonce,
    });
  };
  const querystring = {
    type: 'object',
    properties: { lang: { type: 'string' }, code: { type: 'string', maxLength: 40 } },
  } as const;
  app.get('/r/', { config: { rateLimit: publicRate }, schema: { hide: true, querystring } }, page);
  app.get(
    '/r/:code',
    {
      config: { rateLimit: publicRate },
      schema: {
        hide: true,
        querystring,
        params: { type: 'object', properties: { code: { type: 'string', maxLength: 40 } } },
      },
    },
    page,
  );
}
