import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ruleText } from './rule-text';
import { ApiError, GENERIC_ERROR, INVALID_REQUEST, MAX_ERROR_FIELDS } from './api-error';

/**
 * Every error leaves as the spec's apierror payload with an honest status: validation -> 400,
 * unknown route -> 404, anything unexpected -> 500 with a generic text (the stack stays in the log).
 */
export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof ApiError) {
      return reply.status(err.statusCode).send(err.toPayload());
    }
    if (err.validation) {
      const fields: Record<string, { eng: string; idn: string }> = {};
      // The answer names at most MAX_ERROR_FIELDS fields: stop collecting there.
      for (const v of err.validation.slice(0, MAX_ERROR_FIELDS)) {
        const missing = (v.params as { missingProperty?: string } | undefined)?.missingProperty;
        const at = (v.instancePath || '') + (missing ? `/${missing}` : '') || '/';
        fields[at] = ruleText(v.keyword);
      }
      return reply
        .status(400)
        .send(new ApiError(400, 'CLICKS', 'INVALID_REQUEST', INVALID_REQUEST, fields).toPayload());
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) request.log.error({ err }, 'unhandled error');
    else request.log.info({ err: err.message, code: err.code }, 'client error');
    // 4xx raised by Fastify itself (bad JSON, body too large, unsupported media type): still the payload.
    const code = status === 500 ? 'GENERIC' : status === 429 ? 'RATE_LIMITED' : 'INVALID_REQUEST';
    const text = status === 500 ? GENERIC_ERROR : INVALID_REQUEST;
    return reply.status(status).send(new ApiError(status, 'CLICKS', code, text).toPayload());
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(
      new ApiError(404, 'CLICKS', 'NOT_FOUND', {
        titleEng: 'Not found',
        titleIdn: 'Tidak ditemukan',
        messageEng: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`,
        messageIdn: `Endpoint tidak ditemukan: ${request.method} ${request.url.split('?')[0]}`,
      }).toPayload(),
    );
  });
});
