import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { createSession } from '../../../src/server/auth/sessions';
import { latestCode, makeCustomer, post, transact, uniquePhone, type Customer } from '../../kit';

export const PASSWORD = 'Lama@2026';

let seq = 0;

/** A customer with a password, a phone and two live web sessions (this browser and another). */
export async function credentialCustomer(db: Db): Promise<Customer & { other: Record<string, string> }> {
  seq += 1;
  const userId = `cred${Date.now().toString(36)}${seq}${process.pid % 1000}`;
  const made = await makeCustomer(db, {
    userId,
    password: PASSWORD,
    secureWord: 'rainbowTrout',
    phones: [uniquePhone()],
  });
  const session = async (browserId: string) => {
    const s = await createSession(db, { customerId: made.id, channel: 'web', browserId });
    return { authorization: `Bearer ${s.token}`, 'x-browser-id': browserId };
  };
  return {
    customerId: made.id,
    phone: made.phones[0]!,
    phoneIds: made.phoneIds,
    userId,
    headers: await session(`here-${userId}`),
    other: await session(`there-${userId}`),
  };
}

/** Step 1 of the mobile-number change: the new number, which is texted a code. */
export const sendNewNumber = (app: FastifyInstance, c: Customer, newMobileNumber: string) =>
  post(app, '/api/transaction/v1/inquiry/step', c.headers, {
    flowId: 'settings.change-mobile-number',
    step: 'newNumber',
    form: { newMobileNumber },
  });

/** '081234567890' as the gateway addresses it: '+6281234567890'. */
export const e164 = (p: string) => (p.startsWith('0') ? `+62${p.slice(1)}` : p);

/** A phone number unique in the run, as a customer types it ('08...'). */
export const typedPhone = () => `0${uniquePhone().slice(3)}`;

/**
 * The mobile-number change as the page does it: the new number (a code texted to it), then that code
 * and the password at inquiry, then the OTP to the registered number and confirm.
 */
export async function changeMobile(
  app: FastifyInstance,
  db: Db,
  c: Customer,
  newMobileNumber: string,
  password = PASSWORD,
) {
  const step = await sendNewNumber(app, c, newMobileNumber);
  if (step.status !== 200) return { step, receipt: step };
  const newPhoneCode = await latestCode(db, e164(newMobileNumber));
  const inquiry = await post(app, '/api/transaction/v1/inquiry', c.headers, {
    flowId: 'settings.change-mobile-number',
    form: { newPhoneCode, currentPassword: password },
    stepToken: step.body.stepToken,
  });
  if (inquiry.status !== 200) return { step, inquiry, receipt: inquiry };
  const ver = await post(app, '/api/transaction/v1/verification', c.headers, {
    inquiryId: inquiry.body.inquiryId,
    method: 'otp',
  });
  if (ver.status !== 200) return { step, inquiry, receipt: ver };
  const receipt = await post(app, '/api/transaction/v1/confirm', c.headers, {
    inquiryId: inquiry.body.inquiryId,
    idempotencyKey: `key-${Math.random().toString(36).slice(2)}`,
    otp: await latestCode(db, c.phone),
  });
  return { step, inquiry, receipt };
}

/** Any credential change of the settings, as the page does it, with the current password. */
export async function changeCredential(
  app: FastifyInstance,
  db: Db,
  c: Customer,
  flowId: string,
  form: Record<string, string>,
) {
  if (flowId === 'settings.change-mobile-number') return changeMobile(app, db, c, form.newMobileNumber!);
  return transact(app, db, c, flowId, { currentPassword: PASSWORD, ...form });
}
