import type { FastifyInstance } from 'fastify';

/** dashboard routes (not built yet). */
export default async function dashboardRoutes(_app: FastifyInstance): Promise<void> {}
