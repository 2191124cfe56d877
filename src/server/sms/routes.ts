import type { FastifyInstance } from 'fastify';

/** sms routes (not built yet). */
export default async function smsRoutes(_app: FastifyInstance): Promise<void> {}
