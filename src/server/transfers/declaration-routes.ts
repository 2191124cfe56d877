import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error';
import {
  deleteDocument,
  documentNotFound,
  listDocuments,
  readDocument,
  storeDocument,
  uploadFailed,
  uploadProblems,
} from '../declarations/documents';
import { declarationFor, DECLARATION_RULES } from '../declarations/monthly';
import { documentSchema, empty, idBody, money } from './route-schemas';

/** Foreign-currency purchases: the month's declaration, and the underlying documents (/transfer/manage-underlaying-document/). */
export default async function declarationRoutes(app: FastifyInstance): Promise<void> {
  const auth = { security: [{ bearer: [] }] };
  const customer = (request: FastifyRequest) => request.session!.customerId;

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
}
