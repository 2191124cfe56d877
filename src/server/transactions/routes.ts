import type { FastifyInstance } from 'fastify';

/** transactions routes (not built yet). */
export default async function transactionsRoutes(_app: FastifyInstance): Promise<void> {}
