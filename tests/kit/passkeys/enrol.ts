import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../../src/server/db/db';
import { post } from '../requests';
import { lastOtp } from '../sms';
import type { SoftwareAuthenticator } from './software-authenticator';

// A customer's passkey enrolled as Settings does it (OTP step-up, options, the device's answer), over HTTP.

export const TEST_ORIGIN = 'http://localhost:3000';

export interface Who {
  headers: Record<string, string>;
  phone: string;
}

/** The step-up for `action`, passed with the OTP from the outbox. */
export async function stepUp(app: FastifyInstance, db: Queryable, who: Who, action: 'enrol' | 'remove') {
  const sent = await post(app, '/api/passkeys/v1/step-up', who.headers, { action });
  if (sent.status !== 200) throw new Error(`step-up: ${JSON.stringify(sent.body)}`);
  const passed = await post(app, '/api/passkeys/v1/step-up/verify', who.headers, {
    requestId: sent.body.requestId,
    otp: await lastOtp(db, who.phone),
  });
  if (passed.status !== 200) throw new Error(`step-up verify: ${JSON.stringify(passed.body)}`);
}

/** Enrols a passkey of `device` under `name`; answers the register call's response. */
export async function enrolPasskey(
  app: FastifyInstance,
  db: Queryable,
  who: Who,
  device: SoftwareAuthenticator,
  name = 'My laptop',
) {
  await stepUp(app, db, who, 'enrol');
  const options = await post(app, '/api/passkeys/v1/register/options', who.headers, {});
  if (options.status !== 200) throw new Error(`register options: ${JSON.stringify(options.body)}`);
  return post(app, '/api/passkeys/v1/register', who.headers, {
    name,
    response: device.create(options.body.options),
  });
}
