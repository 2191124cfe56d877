import type { FastifyInstance } from 'fastify';
import { listDevices, settleDeviceReview } from './device-review';

const obj = (properties: Record<string, unknown>) => ({
  type: 'object',
  additionalProperties: false,
  properties,
  required: Object.keys(properties),
});

/**
 * Settings > Companion app (/settings/companion-devices/), from the web session: the devices enrolled
 * to approve the customer's transactions, and after a password reset or credential change which of
 * them to keep (the others are removed, alerted).
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
    '/api/approvals/v1/devices/review',
    route(
      'After a password reset or credential change: the devices to keep; the others are removed (alerted)',
      obj({ keep: { type: 'array', maxItems: 20, items: { type: 'integer', minimum: 1 } } }),
    ),
    async (request) => {
      const { customerId } = request.session!;
      const { keep } = request.body as { keep: number[] };
      await app.db.transaction((tx) => settleDeviceReview(tx, customerId, keep));
      return answer(customerId);
    },
  );
}
