import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error';

// What the settings' route files share: the session, the refusal's shape, and a signed-in POST route.

export interface SettingsAreaOptions {
  /** The clock as an ISO instant. */
  now: () => string;
}

function sessionOf(request: FastifyRequest) {
  const s = request.session;
  if (!s) throw new Error('authenticated route reached without a session');
  return s;
}

export const settingsError = (status: number, code: string, eng: string, idn: string, field?: string) =>
  new ApiError(
    status,
    'CLICKS',
    code,
    { titleEng: 'Not saved', titleIdn: 'Tidak disimpan', messageEng: eng, messageIdn: idn },
    field ? { [field]: { eng, idn } } : undefined,
  );

/** A signed-in POST route of the settings: its handler gets the customer and the body. */
export function settingsPost(app: FastifyInstance) {
  const authed = { preHandler: app.requireSession };
  return (
    url: string,
    summary: string,
    body: Record<string, unknown>,
    response: Record<string, unknown>,
    handler: (customerId: number, body: Record<string, unknown>, reply: FastifyReply) => Promise<unknown>,
  ) =>
    app.post(
      url,
      { ...authed, schema: { tags: ['settings'], summary, body, response: { 200: response } } },
      async (request, reply) =>
        handler(sessionOf(request).customerId, request.body as Record<string, unknown>, reply),
    );
}
