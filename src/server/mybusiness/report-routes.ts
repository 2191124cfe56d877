import type { FastifyInstance } from 'fastify';
import { invalidRequest } from '../http/api-error';
import { customerOf } from '../http/session-customer';
import { noMerchant, reportNotFound, reportNotReady } from './errors';
import { buildReport, wibDay } from './reports';

/** The longest period one report covers, and how long a queued report may wait before a poll builds it. */
export const REPORT_MAX_DAYS = 93;
const STALE_QUEUED_MS = 5_000;
const DAY_MS = 86_400_000;

const report = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'merchantId', 'from', 'to', 'format', 'status', 'fileName', 'rowCount', 'requestedAt'],
  properties: {
    id: { type: 'string' },
    merchantId: { type: 'string' },
    from: { type: 'string', format: 'date' },
    to: { type: 'string', format: 'date' },
    format: { enum: ['csv', 'pdf'] },
    status: { enum: ['queued', 'processing', 'ready', 'failed'] },
    fileName: { type: ['string', 'null'] },
    rowCount: { type: ['integer', 'null'] },
    requestedAt: { type: 'string', format: 'date-time' },
  },
} as const;

interface ReportDbRow {
  id: number;
  merchant_id: number;
  period_from: string | Date;
  period_to: string | Date;
  format: 'csv' | 'pdf';
  status: 'queued' | 'processing' | 'ready' | 'failed';
  file_name: string | null;
  row_count: number | null;
  requested_at: Date;
}
const REPORT_COLUMNS =
  'id, merchant_id, period_from, period_to, format, status, file_name, row_count, requested_at';
const day = (v: string | Date) => (typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));
const reportOf = (r: ReportDbRow) => ({
  id: String(r.id),
  merchantId: String(r.merchant_id),
  from: day(r.period_from),
  to: day(r.period_to),
  format: r.format,
  status: r.status,
  fileName: r.file_name,
  rowCount: r.row_count,
  requestedAt: new Date(r.requested_at).toISOString(),
});

/** A real calendar day or null. */
const calendarDay = (s: string) => {
  const ms = Date.parse(`${s}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== s ? null : ms;
};

const idBody = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[0-9]{1,15}$' } },
} as const;

/**
 * Merchant reports (spec section 7 "merchant report generate, status and download"): built in the
 * background after they are asked for; any server's status poll builds one that waited too long (a
 * server that stopped), so a report never stays queued.
 */
export default async function merchantReportRoutes(app: FastifyInstance): Promise<void> {
  const authed = { preHandler: app.requireSession };
  const build = (id: number) =>
    buildReport(app.db, id).catch((err: unknown) =>
      app.log.error({ err, reportId: id }, 'merchant report failed'),
    );

  app.post(
    '/api/merchant/v1/report/generate',
    {
      ...authed,
      schema: {
        tags: ['mybusiness'],
        summary: 'Asks for a merchant report (CSV or PDF) of a period; poll its status, then download it',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['merchantId', 'from', 'to', 'format', 'lang', 'idempotencyKey'],
          properties: {
            merchantId: { type: 'string', pattern: '^[0-9]{1,15}$' },
            from: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
            to: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
            format: { enum: ['csv', 'pdf'] },
            lang: { enum: ['en', 'id'] },
            idempotencyKey: { type: 'string', pattern: '^[A-Za-z0-9-]{8,64}$' },
          },
        },
        response: { 200: report },
      },
    },
    async (request) => {
      const b = request.body as {
        merchantId: string;
        from: string;
        to: string;
        format: 'csv' | 'pdf';
        lang: 'en' | 'id';
        idempotencyKey: string;
      };
      const customerId = customerOf(request);
      const from = calendarDay(b.from);
      const to = calendarDay(b.to);
      const today = calendarDay(wibDay(new Date()))!;
      const problem = (at: string, eng: string, idn: string) => invalidRequest({ [at]: { eng, idn } });
      if (from === null) throw problem('/from', 'is not a date', 'bukan tanggal yang valid');
      if (to === null) throw problem('/to', 'is not a date', 'bukan tanggal yang valid');
      if (to > today) throw problem('/to', 'cannot be in the future', 'tidak boleh melewati hari ini');
      if (from > to)
        throw problem(
          '/from',
          'must be on or before the end date',
          'harus sebelum atau sama dengan tanggal akhir',
        );
      if ((to - from) / DAY_MS + 1 > REPORT_MAX_DAYS)
        throw problem(
          '/to',
          `a report covers at most ${REPORT_MAX_DAYS} days`,
          `satu laporan paling lama ${REPORT_MAX_DAYS} hari`,
        );
      const { rows: owned } = await app.db.query(
        'SELECT 1 FROM merchants WHERE id = $1 AND customer_id = $2',
        [Number(b.merchantId), customerId],
      );
      if (owned.length === 0) throw noMerchant();
      const { rows } = await app.db.query<ReportDbRow>(
        `INSERT INTO merchant_reports (customer_id, merchant_id, period_from, period_to, format, lang, idempotency_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (customer_id, idempotency_key) DO UPDATE SET idempotency_key = EXCLUDED.idempotency_key
         RETURNING ${REPORT_COLUMNS}`,
        [customerId, Number(b.merchantId), b.from, b.to, b.format, b.lang, b.idempotencyKey],
      );
      const r = rows[0]!;
      // Built after the answer: the customer polls its status.
      if (r.status === 'queued') setImmediate(() => void build(r.id));
      return reportOf(r);
    },
  );

  app.post(
    '/api/merchant/v1/report/status',
    {
      ...authed,
      config: { sessionNoSlide: true },
      schema: { tags: ['mybusiness'], summary: "A report's status", body: idBody, response: { 200: report } },
    },
    async (request) => {
      const id = Number((request.body as { id: string }).id);
      const customerId = customerOf(request);
      const read = async () =>
        (
          await app.db.query<ReportDbRow & { waited: boolean }>(
            `SELECT ${REPORT_COLUMNS}, requested_at < now() - ($3::int * interval '1 millisecond') AS waited
               FROM merchant_reports WHERE id = $1 AND customer_id = $2`,
            [id, customerId, STALE_QUEUED_MS],
          )
        ).rows[0];
      let r = await read();
      if (!r) throw reportNotFound();
      if (r.status === 'queued' && r.waited) {
        await build(id);
        r = (await read())!;
      }
      return reportOf(r);
    },
  );

  app.post(
    '/api/merchant/v1/report/list',
    {
      ...authed,
      schema: {
        tags: ['mybusiness'],
        summary: "The customer's latest reports",
        body: { type: 'object', additionalProperties: false, properties: {} },
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['reports'],
            properties: { reports: { type: 'array', items: report } },
          },
        },
      },
    },
    async (request) => {
      const { rows } = await app.db.query<ReportDbRow>(
        `SELECT ${REPORT_COLUMNS} FROM merchant_reports WHERE customer_id = $1 ORDER BY requested_at DESC, id DESC LIMIT 10`,
        [customerOf(request)],
      );
      return { reports: rows.map(reportOf) };
    },
  );

  app.post(
    '/api/merchant/v1/report/download',
    { ...authed, schema: { tags: ['mybusiness'], summary: 'The file of a ready report', body: idBody } },
    async (request, reply) => {
      const { rows } = await app.db.query<{
        status: string;
        format: 'csv' | 'pdf';
        file_name: string | null;
        content: Uint8Array | null;
      }>(
        'SELECT status, format, file_name, content FROM merchant_reports WHERE id = $1 AND customer_id = $2',
        [Number((request.body as { id: string }).id), customerOf(request)],
      );
      const r = rows[0];
      if (!r) throw reportNotFound();
      if (r.status !== 'ready' || !r.content || !r.file_name) throw reportNotReady();
      return reply
        .type(r.format === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${r.file_name}"`)
        .send(Buffer.from(r.content));
    },
  );
}
