import type { FastifyRequest } from 'fastify';

/** The customer of a route behind `app.requireSession`: reaching it without a session is a wiring bug, not bad input. */
export function customerOf(request: FastifyRequest): number {
  const s = request.session;
  if (!s) throw new Error('authenticated route reached without a session');
  return s.customerId;
}
