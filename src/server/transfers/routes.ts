import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { bankDate } from '../../shared/bank-time';
import { ApiError } from '../http/api-error';
import { loadCatalog } from '../transactions/catalog';
import { participants, METHOD_RULES } from '../clearing/banks';
import { listInstructions } from '../schedules/store';
import { runDueInstructions } from '../schedules/scheduler';
import { ledgerRunner } from '../schedules/runner';
import { mailboxNotifier, type CustomerNotifier } from '../schedules/notifier';
import {
  DOCUMENT_RULES,
  deleteDocument,
  documentNotFound,
  listDocuments,
  readDocument,
  storeDocument,
  uploadFailed,
  uploadProblems,
} from '../declarations/documents';
import { declarationFor, DECLARATION_RULES } from '../declarations/monthly';
import { templateCsv } from '../mass-transfer/parse';
import { quoteRate } from '../special-rate/quotes';

type Listed = Awaited<ReturnType<typeof listInstructions>>[number];

/**
 * A mass transfer scheduled as a whole is one entry of the list (its batch: edited as one through
 * edit-scheduled-masstransaction): the rows' amounts summed, running while any row still runs.
 */
function groupMass(list: Listed[]): Listed[] {
  const out: Listed[] = [];
  const batches = new Map<string, Listed>();
  for (const i of list) {
    if (i.massBatchId === null) {
      out.push(i);
      continue;
    }
    const g = batches.get(i.massBatchId);
    if (!g) {
      const first = { ...i, summary: {}, runs: [...i.runs] };
      batches.set(i.massBatchId, first);
      out.push(first);
      continue;
    }
    g.amount += i.amount;
    g.runs.push(...i.runs);
    if (i.status === 'active' || i.status === 'suspended') g.status = i.status;
  }
  return out;
}

/** Scheduled transfers due are looked for this often by default. */
export const SCHEDULER_INTERVAL_MS = 30_000;

const money = {
  type: 'object',
  properties: { amount: { type: 'integer' }, currency: { type: 'string' } },
  required: ['amount', 'currency'],
} as const;
const empty = { type: 'object', additionalProperties: false, properties: {} } as const;
const idBody = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[0-9]{1,15}$' } },
} as const;
const documentSchema = {
  type: 'object',
  required: ['id', 'docType', 'fileName', 'mime', 'size', 'uploadedAt'],
  properties: {
    id: { type: 'string' },
    docType: { type: 'string' },
    description: { type: 'string' },
    fileName: { type: 'string' },
    mime: { type: 'string' },
    size: { type: 'integer' },
    uploadedAt: { type: 'string' },
  },
} as const;

/**
 * The transfer area's own endpoints (besides the flow engine's): interbank participants, scheduled
 * transfers, the foreign-currency declaration and underlying documents, mass transfer sheets and
 * the SWIFT special rate. The scheduler runs here too, on every app server (they share the work).
 */
export default async function transferRoutes(
  app: FastifyInstance,
  opts: { schedulerIntervalMs?: number; notify?: CustomerNotifier },
): Promise<void> {
  const catalog = loadCatalog(app.log);
  await app.register(multipart, {
    limits: { fileSize: DOCUMENT_RULES.maxBytes, files: 1, fields: 4, parts: 6, fieldSize: 1024 },
  });
  const auth = { security: [{ bearer: [] }] };
  const customer = (request: FastifyRequest) => request.session!.customerId;

  const every = opts.schedulerIntervalMs ?? SCHEDULER_INTERVAL_MS;
  if (every > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      runDueInstructions(app.db, {
        runner: ledgerRunner(app.db, catalog, app.registry),
        notify: opts.notify ?? mailboxNotifier,
        onError: (err, instructionId) =>
          app.log.warn({ err, instructionId }, 'scheduled transfer failed to run'),
      })
        .then((n) => {
          if (n.success + n.failed + n.pending > 0) app.log.info(n, 'scheduled transfers run');
        })
        .catch((err: unknown) => app.log.warn({ err }, 'scheduler run failed'))
        .finally(() => (running = false));
    }, every);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

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

  // Scheduled transfers (/mytransaction/). Edit and delete are verified transactions: they come with the flow engine.
  app.post(
    '/api/schedule/v1/list',
    {
      preHandler: app.requireSession,
      schema: {
        ...auth,
        summary: 'The customer’s scheduled and recurring transfers, with their next run and last results',
        body: empty,
        response: {
          200: {
            type: 'object',
            properties: {
              today: { type: 'string' },
              instructions: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'string' },
                    flowId: { type: 'string' },
                    summary: { type: 'object', additionalProperties: true },
                    amount: money,
                    kind: { type: 'string' },
                    recurrence: { type: ['object', 'null'], additionalProperties: true },
                    startDate: { type: 'string' },
                    endDate: { type: ['string', 'null'] },
                    maxRuns: { type: ['integer', 'null'] },
                    businessDaysOnly: { type: 'boolean' },
                    mass: { type: 'boolean' },
                    status: { type: 'string' },
                    nextRunDate: { type: ['string', 'null'] },
                    nextRunAt: { type: ['string', 'null'] },
                    runsDone: { type: 'integer' },
                    version: { type: 'integer' },
                    runs: {
                      type: 'array',
                      items: {
                        type: 'object',
                        properties: {
                          runDate: { type: 'string' },
                          status: { type: 'string' },
                          attempts: { type: 'integer' },
                          referenceNo: { type: ['string', 'null'] },
                          reason: { type: ['string', 'null'] },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const list = groupMass(await listInstructions(app.db, customer(request)));
      return {
        today: bankDate(),
        instructions: list.map((i) => ({
          id: i.massBatchId ?? String(i.id),
          flowId: i.flowId,
          summary: i.summary,
          amount: { amount: i.amount, currency: i.currency },
          kind: i.kind,
          recurrence: i.recurrence,
          startDate: i.startDate,
          endDate: i.endDate,
          maxRuns: i.maxRuns,
          businessDaysOnly: i.businessDaysOnly,
          mass: i.massBatchId !== null,
          status: i.status,
          nextRunDate: i.nextRunDate,
          nextRunAt: i.nextRunAt,
          runsDone: i.runsDone,
          version: i.version,
          runs: i.runs,
        })),
      };
    },
  );

  // Foreign-currency purchases: the month's total and what a purchase needs.
  app.post<{ Body: { currency: string; amount: number } }>(
    '/api/transfer/v1/declaration',
    {
      preHandler: app.requireSession,
      schema: {
        ...auth,
        summary:
          'The month’s foreign-currency purchases against rupiah and what a purchase of this amount needs',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['currency', 'amount'],
          properties: {
            currency: { type: 'string', pattern: '^[A-Z]{3}$' },
            amount: { type: 'integer', minimum: 0, maximum: 999999999999999 },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              exempt: { type: 'boolean' },
              month: { type: 'string' },
              monthTotalUsd: money,
              afterUsd: money,
              purchaseUsd: money,
              thresholdUsd: money,
              receiptDeclarationUsd: money,
              documentRequired: { type: 'boolean' },
              documentsOnFile: { type: 'integer' },
              allowed: { type: 'boolean' },
              receiptDeclaration: { type: 'boolean' },
            },
          },
        },
      },
    },
    async (request) => {
      const { currency, amount } = request.body;
      try {
        const d = await declarationFor(app.db, customer(request), { amount, currency });
        return {
          ...d,
          receiptDeclarationUsd: { amount: DECLARATION_RULES.receiptDeclarationUsd, currency: 'USD' },
        };
      } catch {
        throw new ApiError(
          422,
          'CLICKS',
          'INVALID_CURRENCY',
          {
            titleEng: 'Invalid Currency Pairing',
            titleIdn: 'Pasangan mata uang tidak valid',
            messageEng: 'There is no rate for this currency.',
            messageIdn: 'Tidak ada kurs untuk mata uang ini.',
          },
          { '/currency': { eng: 'Invalid Currency Pairing', idn: 'Pasangan mata uang tidak valid' } },
        );
      }
    },
  );

  // Underlying documents (/transfer/manage-underlaying-document/).
  app.post(
    '/api/transfer/v1/underlying-document/list',
    {
      preHandler: app.requireSession,
      schema: {
        ...auth,
        summary: 'The customer’s underlying documents',
        body: empty,
        response: {
          200: { type: 'object', properties: { documents: { type: 'array', items: documentSchema } } },
        },
      },
    },
    async (request) => ({ documents: await listDocuments(app.db, customer(request)) }),
  );

  app.post(
    '/api/transfer/v1/underlying-document/upload',
    {
      preHandler: app.requireSession,
      schema: {
        ...auth,
        summary:
          'Upload an underlying document: multipart/form-data with the fields docType (and description) before the file; PDF, JPG or PNG (by its bytes), at most 2 MB',
        consumes: ['multipart/form-data'],
        response: { 200: documentSchema },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw uploadFailed(uploadProblems.missing, 415);
      let file;
      try {
        file = await request.file();
      } catch {
        throw uploadFailed(uploadProblems.missing, 400);
      }
      if (!file) throw uploadFailed(uploadProblems.missing, 400);
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (err) {
        if (err instanceof app.multipartErrors.RequestFileTooLargeError)
          throw uploadFailed(uploadProblems.size, 413);
        throw uploadFailed(uploadProblems.missing, 400);
      }
      const field = (name: string) => {
        const f = file.fields[name];
        const one = Array.isArray(f) ? f[0] : f;
        return one && one.type === 'field' ? String(one.value) : '';
      };
      return storeDocument(app.db, customer(request), {
        fileName: file.filename,
        bytes,
        docType: field('docType'),
        description: field('description'),
      });
    },
  );

  app.post<{ Body: { id: string } }>(
    '/api/transfer/v1/underlying-document/delete',
    {
      preHandler: app.requireSession,
      schema: {
        ...auth,
        summary: 'Delete an underlying document (its file is dropped at once)',
        body: idBody,
        response: { 200: { type: 'object', properties: { deleted: { type: 'boolean' } } } },
      },
    },
    async (request) => {
      await deleteDocument(app.db, customer(request), Number(request.body.id));
      return { deleted: true };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/transfer/v1/underlying-document/:id',
    {
      preHandler: app.requireSession,
      schema: {
        ...auth,
        summary: 'Download an underlying document (its owner only)',
        params: idBody,
      },
    },
    async (request, reply) => {
      const doc = await readDocument(app.db, customer(request), Number(request.params.id));
      if (!doc) throw documentNotFound();
      return reply
        .type(doc.info.mime)
        .header('content-disposition', `attachment; filename="${doc.info.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .send(doc.bytes);
    },
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
