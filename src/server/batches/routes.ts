import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { invalidRequest } from '../http/api-error';
import { appCatalog } from '../transactions/catalog';
import type { Caller } from '../transactions/context';
import { batchErrors } from './errors';
import { BATCH_MAX_ROWS, type BatchKindName } from './kinds';
import { createBatchService } from './service';

const SHEET_MAX_BYTES = 2 * 1024 * 1024;
/** The API area of each kind (the existing /api/masstransfer/v1/ naming). */
const AREA: Record<BatchKindName, string> = {
  transfer: 'masstransfer',
  payment: 'masspayment',
  purchase: 'masspurchase',
};

const obj = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  additionalProperties: false,
  properties,
  required,
});
const batchId = { type: 'string', pattern: '^[0-9a-f-]{36}$' } as const;
const line = { type: 'integer', minimum: 1, maximum: 100_000 } as const;
const sourceOfFund = { type: 'string', pattern: '^[1-9][0-9]{0,14}$' } as const;
const cellText = { type: 'string', maxLength: 200 } as const;
/** A row as typed: its sheet columns as text. */
const cells = { type: 'object', maxProperties: 20, additionalProperties: cellText } as const;
const date = { type: ['string', 'null'], pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' } as const;
const money = {
  type: 'object',
  properties: { amount: { type: 'integer' }, currency: { type: 'string' } },
} as const;
const text2 = { type: 'object', properties: { eng: { type: 'string' }, idn: { type: 'string' } } } as const;
const rowError = {
  type: 'object',
  properties: { field: { type: 'string' }, eng: { type: 'string' }, idn: { type: 'string' } },
} as const;
const batchView = {
  type: 'object',
  additionalProperties: true,
  properties: {
    batchId: { type: 'string' },
    kind: { type: 'string' },
    sourceOfFund: { type: 'string' },
    status: { type: 'string' },
    runDate: { type: ['string', 'null'] },
    replaces: { type: ['string', 'null'] },
    today: { type: 'string' },
    rows: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          line: { type: 'integer' },
          cells: { type: 'object', additionalProperties: { type: 'string' } },
          flowId: { type: ['string', 'null'] },
          ok: { type: 'boolean' },
          errors: { type: 'array', items: rowError },
          name: { type: 'string' },
          bankName: { type: 'string' },
          amount: money,
          fee: money,
          total: money,
          status: { type: 'string' },
          referenceNo: { type: 'string' },
          reason: text2,
        },
      },
    },
    valid: { type: 'integer' },
    invalid: { type: 'integer' },
    total: money,
    fees: money,
    totals: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          accountId: { type: 'integer' },
          accountNo: { type: 'string' },
          currency: { type: 'string' },
          amount: { type: 'integer' },
          available: { type: 'integer' },
          enough: { type: 'boolean' },
        },
      },
    },
    overLimit: {
      type: ['object', 'null'],
      properties: { amount: money, unused: money },
    },
    maxRows: { type: 'integer' },
  },
} as const;

/**
 * Mass transfer, mass payment and mass purchase (src/server/batches): a sheet uploaded (or rows typed)
 * under /api/<masstransfer|masspayment|masspurchase>/v1/, then the batch's rows, its one verification,
 * its confirm and its result file under /api/batch/v1/. Every route declares its schema.
 */
export default async function batchRoutes(app: FastifyInstance): Promise<void> {
  const service = createBatchService({
    db: app.db,
    otp: app.otp,
    catalog: appCatalog(app),
    registry: app.registry,
    hub: app.approvalHub,
  });
  await app.register(multipart, {
    limits: { fileSize: SHEET_MAX_BYTES, files: 1, fields: 4, parts: 6, fieldSize: 1024 },
  });
  const auth = { security: [{ bearer: [] }] };
  const caller = (request: FastifyRequest): Caller => ({
    customerId: request.session!.customerId,
    sessionId: request.session!.id,
  });
  const post = <B>(
    path: string,
    summary: string,
    body: Record<string, unknown>,
    handler: (c: Caller, b: B) => Promise<unknown>,
    response: Record<string, unknown> = batchView,
  ) =>
    app.post<{ Body: B }>(
      path,
      { preHandler: app.requireSession, schema: { ...auth, summary, body, response: { 200: response } } },
      async (request) => handler(caller(request), request.body as B),
    );

  for (const kind of ['transfer', 'payment', 'purchase'] as const) {
    const area = AREA[kind];
    const name = kind === 'transfer' ? 'mass transfer' : `mass ${kind}`;
    // The transfer template is served by the transfer routes (kept as it was).
    if (kind !== 'transfer')
      app.get(
        `/api/${area}/v1/template`,
        { preHandler: app.requireSession, schema: { ...auth, summary: `The ${name} template (CSV)` } },
        async (request, reply) =>
          reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="mass-${kind}-template.csv"`)
            .send(`\uFEFF${await service.template(caller(request), kind)}\r\n`),
      );

    app.post(
      `/api/${area}/v1/upload`,
      {
        preHandler: app.requireSession,
        schema: {
          ...auth,
          summary: `Start a ${name} from a sheet (multipart/form-data: the field sourceOfFund, then the file; CSV or XLSX, at most ${BATCH_MAX_ROWS} rows, 2 MB): every row checked and quoted through its flow, with its own errors`,
          consumes: ['multipart/form-data'],
          response: { 200: batchView },
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw invalidRequest();
        const file = await request.file().catch(() => undefined);
        if (!file) throw batchErrors.sheet('notASheet');
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch {
          throw batchErrors.sheet('tooLarge');
        }
        const f = file.fields.sourceOfFund;
        const one = Array.isArray(f) ? f[0] : f;
        const source = one && one.type === 'field' ? String(one.value) : '';
        if (!/^[1-9][0-9]{0,14}$/.test(source))
          throw invalidRequest({
            '/sourceOfFund': { eng: 'Choose a source of fund', idn: 'Pilih sumber dana' },
          });
        return service.upload(caller(request), kind, {
          sourceOfFund: source,
          bytes,
          fileName: file.filename,
        });
      },
    );

    post<{ sourceOfFund: string; rows: Record<string, string>[] }>(
      `/api/${area}/v1/create`,
      `Start a ${name} from typed rows: every row checked and quoted through its flow, with its own errors`,
      obj(
        {
          sourceOfFund,
          rows: { type: 'array', minItems: 1, maxItems: BATCH_MAX_ROWS, items: cells },
        },
        ['sourceOfFund', 'rows'],
      ),
      (c, b) => service.create(c, kind, b),
    );

    if (kind !== 'transfer')
      post(
        `/api/${area}/v1/billers`,
        `The codes a ${name} sheet's "biller" column takes, with what each row needs`,
        obj({}),
        async (c) => ({ billers: await service.billers(c, kind) }),
        {
          type: 'object',
          properties: {
            billers: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  code: { type: 'string' },
                  flowId: { type: 'string' },
                  labelEng: { type: 'string' },
                  labelIdn: { type: 'string' },
                  needsProduct: { type: 'boolean' },
                  needsAmount: { type: 'boolean' },
                },
              },
            },
          },
        },
      );
  }

  post<{ batchId: string }>(
    '/api/batch/v1/get',
    'A batch: its rows, totals and results',
    obj({ batchId }, ['batchId']),
    (c, b) => service.view(c, b.batchId),
  );
  post<{ batchId: string; line: number; cells: Record<string, string> }>(
    '/api/batch/v1/row/update',
    "Fix a row: its cells are checked and quoted again (the batch's verification, if sent, is withdrawn)",
    obj({ batchId, line, cells }, ['batchId', 'line', 'cells']),
    (c, b) => service.updateRow(c, b.batchId, b.line, b.cells),
  );
  post<{ batchId: string; cells: Record<string, string> }>(
    '/api/batch/v1/row/add',
    'Add a typed row to a batch',
    obj({ batchId, cells }, ['batchId', 'cells']),
    (c, b) => service.addRow(c, b.batchId, b.cells),
  );
  post<{ batchId: string; lines: number[] }>(
    '/api/batch/v1/row/remove',
    'Drop rows from a batch',
    obj({ batchId, lines: { type: 'array', minItems: 1, maxItems: BATCH_MAX_ROWS, items: line } }, [
      'batchId',
      'lines',
    ]),
    (c, b) => service.removeRows(c, b.batchId, b.lines),
  );
  post<{ batchId: string; method: 'otp' | 'approval'; phoneId?: number; date?: string | null }>(
    '/api/batch/v1/verification',
    'Check the batch as a whole (rows quoted again, balance, daily limit, the date) and send one OTP or one approval request',
    obj(
      {
        batchId,
        method: { type: 'string', enum: ['otp', 'approval'] },
        phoneId: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
        date,
      },
      ['batchId', 'method'],
    ),
    (c, b) =>
      service.startVerification(c, b.batchId, { method: b.method, phoneId: b.phoneId, runDate: b.date }),
    { ...batchView, additionalProperties: true },
  );
  post<{ batchId: string }>(
    '/api/batch/v1/verification/resend',
    "Resend the batch's OTP or approval request",
    obj({ batchId }, ['batchId']),
    (c, b) => service.resend(c, b.batchId),
    { type: 'object', additionalProperties: true },
  );
  post<{ batchId: string }>(
    '/api/batch/v1/verification/status',
    "The batch's approval status",
    obj({ batchId }, ['batchId']),
    (c, b) => service.status(c, b.batchId),
    { type: 'object', properties: { status: { type: 'string' } } },
  );
  post<{ batchId: string; otp?: string }>(
    '/api/batch/v1/confirm',
    'Confirm the batch once; each row is then posted on its own (or scheduled on its date) with its own result',
    obj({ batchId, otp: { type: 'string', pattern: '^[0-9]{6}$' } }, ['batchId']),
    (c, b) => service.confirm(c, b),
  );
  post<{ batchId: string }>(
    '/api/batch/v1/edit',
    'Edit a scheduled batch (edit-scheduled-masstransaction): a draft with its rows and date that replaces it once verified',
    obj({ batchId }, ['batchId']),
    (c, b) => service.edit(c, b.batchId),
  );
  post(
    '/api/batch/v1/scheduled',
    "The customer's scheduled batches",
    obj({}),
    async (c) => ({ batches: await service.scheduled(c) }),
    {
      type: 'object',
      properties: {
        batches: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              batchId: { type: 'string' },
              kind: { type: 'string' },
              runDate: { type: 'string' },
              sourceOfFund: { type: 'string' },
              rows: { type: 'integer' },
              total: money,
              editable: { type: 'boolean' },
            },
          },
        },
      },
    },
  );
  app.get<{ Params: { batchId: string }; Querystring: { lang?: 'en' | 'id' } }>(
    '/api/batch/v1/result/:batchId',
    {
      preHandler: app.requireSession,
      schema: {
        ...auth,
        summary: "The batch's results as a CSV file (every row: status, reference number, reason)",
        params: obj({ batchId }, ['batchId']),
        querystring: obj({ lang: { type: 'string', enum: ['en', 'id'] } }),
      },
    },
    async (request, reply) => {
      const f = await service.resultFile(caller(request), request.params.batchId, request.query.lang ?? 'id');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${f.fileName}"`)
        .send(`\uFEFF${f.csv}\r\n`);
    },
  );
}
