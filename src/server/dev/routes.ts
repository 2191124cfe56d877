import type { FastifyInstance } from 'fastify';

/** dev routes (not built yet). */
export default async function devRoutes(_app: FastifyInstance): Promise<void> {}
