import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../src/server/db/db';
import { latestCode } from './sms';
import { post } from './requests';

/**
 * The companion app's login on a device: user id and app PIN, then (on a device not yet enrolled) the
 * SMS code sent to the customer's phone. Returns the app's request headers.
 */
export async function mobileLogin(
  app: FastifyInstance,
  db: Queryable,
  input: { userId: string; appPin: string; deviceId: string; phone: string },
): Promise<Record<string, string>> {
  const device = { 'x-browser-id': input.deviceId };
  let r = await post(app, '/api/mobile/v1/login', device, { userId: input.userId, appPin: input.appPin });
  if (r.status === 200 && r.body.status === 'challenge') {
    r = await post(app, '/api/mobile/v1/login/challenge', device, {
      challengeId: r.body.challenge.challengeId,
      otp: await latestCode(db, input.phone),
    });
  }
  if (r.status !== 200 || r.body.status !== 'ok') throw new Error(`mobile login: ${JSON.stringify(r.body)}`);
  return { authorization: `Bearer ${r.body.accessToken}`, ...device };
}
