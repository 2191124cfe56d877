import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { uploadFailed } from '../declarations/documents';
import { PHOTO_RULES, photoProblems, storePhoto } from './photos';

/**
 * A photo for a flow's form (the engine's photo widget: camera or file), kept until the flow's
 * executor takes it. multipart/form-data: the field flowId, then the file.
 */
export default async function photoRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: PHOTO_RULES.maxBytes, files: 1, fields: 2, parts: 3, fieldSize: 200 },
  });
  app.post(
    '/api/transaction/v1/photo',
    {
      preHandler: app.requireSession,
      schema: {
        security: [{ bearer: [] }],
        summary:
          "A photo for a flow's form (e-KTP): multipart/form-data with the field flowId before the file; JPG or PNG by its bytes, at most 2 MB",
        consumes: ['multipart/form-data'],
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['photoId', 'mime', 'size'],
            properties: {
              photoId: { type: 'string' },
              mime: { enum: ['image/jpeg', 'image/png'] },
              size: { type: 'integer' },
            },
          },
        },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw uploadFailed(photoProblems.missing, 415);
      let file;
      try {
        file = await request.file();
      } catch {
        throw uploadFailed(photoProblems.missing, 400);
      }
      if (!file) throw uploadFailed(photoProblems.missing, 400);
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (err) {
        if (err instanceof app.multipartErrors.RequestFileTooLargeError)
          throw uploadFailed(photoProblems.size, 413);
        throw uploadFailed(photoProblems.missing, 400);
      }
      const f = file.fields.flowId;
      const one = Array.isArray(f) ? f[0] : f;
      const flowId = one && one.type === 'field' ? String(one.value) : '';
      if (!/^[a-z][a-z0-9]*\.[a-z0-9.-]{1,80}$/.test(flowId)) throw uploadFailed(photoProblems.missing, 400);
      return storePhoto(app.db, request.session!.customerId, flowId, bytes);
    },
  );
}
