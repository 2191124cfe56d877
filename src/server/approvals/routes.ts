import type { FastifyInstance } from 'fastify';

/** approvals routes (not built yet). */
export default async function approvalsRoutes(_app: FastifyInstance): Promise<void> {}
