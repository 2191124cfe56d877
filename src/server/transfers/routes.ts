import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { appCatalog } from '../transactions/catalog';
import type { CustomerNotifier } from '../schedules/notifier';
import { DOCUMENT_RULES } from '../declarations/documents';
import declarationRoutes from './declaration-routes';
import referenceRoutes from './reference-routes';
import scheduleRoutes from './schedule-routes';
import { startScheduler } from './scheduler-job';

export { SCHEDULER_INTERVAL_MS } from './scheduler-job';

/**
 * The transfer area's own endpoints (besides the flow engine's): interbank participants, scheduled
 * transfers, the foreign-currency declaration and underlying documents, mass transfer sheets and
 * the SWIFT special rate. The scheduler runs here too, on every app server (they share the work).
 */
export default async function transferRoutes(
  app: FastifyInstance,
  opts: { schedulerIntervalMs?: number; notify?: CustomerNotifier },
): Promise<void> {
  const catalog = appCatalog(app);
  // Every route of the area parses multipart bodies, as before (the documents' upload reads them).
  await app.register(multipart, {
    limits: { fileSize: DOCUMENT_RULES.maxBytes, files: 1, fields: 4, parts: 6, fieldSize: 1024 },
  });
  startScheduler(app, catalog, opts);

  await app.register(referenceRoutes);
  await app.register(scheduleRoutes);
  await app.register(declarationRoutes);
}
