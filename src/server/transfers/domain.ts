import type { DomainPlugin } from '../transactions/contracts';
import { notify } from '../mailbox/notify';
import { incomingRequests, requestPayment } from './bifast-rfp';
import { transferLookups } from './lookups';
import transferRoutes from './routes';

/** Transfers (same bank, mobile number, SWIFT, BI-FAST requests to pay) and their scheduler. */
export const transfersDomain: DomainPlugin = {
  name: 'transfers',
  lookups: transferLookups,
  serviceExecutors: { 'bifast.requestPayment': requestPayment },
  choiceSources: { 'bifast.incomingRequests': incomingRequests },
  register: async (app, opts) => {
    // Scheduled transfers done or failed reach the customer's mailbox.
    await app.register(transferRoutes, { schedulerIntervalMs: opts.schedulerIntervalMs, notify });
  },
};
