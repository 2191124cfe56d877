import type { FastifyInstance } from 'fastify';

/** registration routes (not built yet). */
export default async function registrationRoutes(_app: FastifyInstance): Promise<void> {}
