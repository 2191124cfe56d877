import type { FastifyInstance } from 'fastify';

/** auth routes (not built yet). */
export default async function authRoutes(_app: FastifyInstance): Promise<void> {}
