import type { FastifyInstance } from 'fastify';

/**
 * The SMS gateway has no public routes: services send through `app.sms`, and the built-in
 * gateway's outbox is read at /api/dev/v1/outbox and /dev/outbox (src/server/dev, demo and test only).
 */
export default async function smsRoutes(_app: FastifyInstance): Promise<void> {}
