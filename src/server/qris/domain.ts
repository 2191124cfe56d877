import type { DomainPlugin } from '../transactions/contracts';
import { qrisCode, qrisPayment } from './lookups';
import { qrisRecord } from './record';
import { qrisSwitch } from './switch';
import qrisRoutes from './routes';

/**
 * QRIS: paying any Indonesian merchant's code (flows/qris/pay.json) and a merchant customer's "take
 * payment" in My business. A code of our own merchant is final at once, credited in the booking;
 * any other goes through the simulated QRIS switch, its money held until the switch answers.
 */
export const qrisDomain: DomainPlugin = {
  name: 'qris',
  lookups: { 'qris.code': qrisCode, 'qris.payment': qrisPayment },
  executors: { 'qris.pay': { provider: qrisSwitch, holds: (details) => details.onUs !== true } },
  serviceExecutors: { 'qris.record': qrisRecord },
  register: async (app) => {
    // Merchants' pages re-read as often as the approvals' streams (AppOptions.approvalRereadMs).
    await app.register(qrisRoutes, { rereadMs: app.approvalHub.rereadMs });
  },
};
