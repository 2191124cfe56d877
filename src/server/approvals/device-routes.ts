import type { FastifyInstance } from 'fastify';
import { listDevices, removeDevice, settleDeviceReview } from './device-review';
import { approvalErrors } from './errors';
import { rowIdSchema } from '../http/common-schemas';

const obj = (properties: Record<string, unknown>) => ({
  type: 'object',
  additionalProperties: false,
  properties,
  required: Object.keys(properties),
});

/**
 * Settings > Companion app (/settings/companion-devices/), from the web session: the devices enrolled
 * to approve the customer's transactions, one removed at any time (a lost phone), and after a password
 * reset or credential change which of them to keep (the others are removed). Each removal is alerted.
 * A removal asks no OTP: it only takes an approver away (approvals fall back to OTP, and a device joins
 * again only with an SMS code to the registered number).
 */
export default async function deviceRoutes(app: FastifyInstance): Promise<void> {
  const route = (summary: string, body: Record<string, unknown>) => ({
    preHandler: app.requireSession,
    schema: { tags: ['approvals'], summary, security: [{ bearer: [] }], body },
  });
  const answer = async (customerId: number) => {
    const devices = await listDevices(app.db, customerId);
    return { devices, reviewAsked: devices.some((d) => d.reviewAsked) };
  };

  app.post(
    '/api/approvals/v1/devices',
    route(
      'The companion-app devices enrolled to approve transactions: name, enrolled when and where, last seen, waiting for review',
      obj({}),
    ),
    async (request) => answer(request.session!.customerId),
  );

  app.post(
    '/api/approvals/v1/devices/remove',
    route(
      'Removes one companion-app device (a lost phone): it approves nothing more, its app sessions end (alerted)',
      obj({ id: rowIdSchema }),
    ),
    async (request) => {
      const { customerId } = request.session!;
      const { id } = request.body as { id: number };
      await app.db.transaction(async (tx) => {
        if (!(await removeDevice(tx, customerId, id)).length) throw approvalErrors.deviceNotFound();
      });
      // its app's live stream ends now, not at its next re-read
      app.approvalHub.notify(customerId);
      return answer(customerId);
    },
  );

  app.post(
    '/api/approvals/v1/devices/review',
    route(
      'After a password reset or credential change: the devices to keep; the others are removed (alerted)',
      obj({ keep: { type: 'array', maxItems: 20, items: rowIdSchema } }),
    ),
    async (request) => {
      const { customerId } = request.session!;
      const { keep } = request.body as { keep: number[] };
      await app.db.transaction((tx) => settleDeviceReview(tx, customerId, keep));
      app.approvalHub.notify(customerId);
      return answer(customerId);
    },
  );
}
