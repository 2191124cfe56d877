import type { FastifyInstance } from 'fastify';
import merchantReportRoutes from './report-routes';
import merchantSummaryRoutes from './summary-routes';

export { REPORT_MAX_DAYS } from './report-routes';

/**
 * My business: the customer's merchants with their last 30 days, and merchant reports (spec
 * section 7 "merchant report generate, status and download"). A report is built in the background
 * after it is asked for; any server's status poll builds one that waited too long (a server that
 * stopped), so a report never stays queued.
 */
export default async function myBusinessRoutes(app: FastifyInstance): Promise<void> {
  await app.register(merchantSummaryRoutes);
  await app.register(merchantReportRoutes);
}
