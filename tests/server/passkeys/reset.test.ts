import { describe, expect, it } from 'vitest';
import {
  freshIp,
  lastOtp,
  makeCustomer,
  post,
  sessionHeaders,
  testDbs,
  uniquePhone,
  useTestApp,
} from '../../kit';
import { SoftwareAuthenticator } from '../../kit/passkeys/software-authenticator';
import { TEST_ORIGIN, enrolPasskey } from '../../kit/passkeys/enrol';

// A forgotten password's reset keeps no passkey unseen: the answer and the alert name them, and none
// signs in until the customer keeps it in Settings. The password and OTP path itself is unchanged.

describe.each(testDbs)('passkeys after a password reset on $name', (engine) => {
  const t = useTestApp({ engine });

  it('names the passkeys in the answer and refuses them until kept', async () => {
    const phone = uniquePhone();
    const userId = `pkreset${Date.now().toString(36)}`;
    const made = await makeCustomer(t.db, {
      userId,
      password: 'Before@2026',
      phones: [phone],
      casa: [{ accountNo: `7${Date.now().toString().slice(-11)}`, atmLast4: '4321', atmPin: '246810' }],
    });
    const headers = await sessionHeaders(t.db, made.id);
    const device = new SoftwareAuthenticator(TEST_ORIGIN);
    expect((await enrolPasskey(t.app, t.db, { headers, phone }, device, 'Laptop')).status).toBe(200);
    const { rows } = await t.db.query<{ account_no: string }>(
      `SELECT account_no FROM accounts WHERE customer_id = $1 ORDER BY id LIMIT 1`,
      [made.id],
    );

    const visitor = { 'x-browser-id': 'reset-browser', 'x-forwarded-for': freshIp() };
    const v = await post(t.app, '/api/v1/forgot/password/validate', visitor, {
      userId,
      accountNumber: rows[0]!.account_no,
      atmCardLast4: '4321',
      atmPin: '246810',
    });
    expect(v.status, JSON.stringify(v.body)).toBe(200);
    const otp = await post(t.app, '/api/v1/forgot/password/sendotp', visitor, {
      forgotToken: v.body.forgotToken,
      phoneId: v.body.phones[0].phoneId,
    });
    const done = await post(t.app, '/api/v1/forgot/password/validateotp', visitor, {
      forgotToken: v.body.forgotToken,
      requestId: otp.body.requestId,
      otp: await lastOtp(t.db, phone),
      newPassword: 'Renewed#2026',
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ result: 'password_changed', passkeys: ['Laptop'] });

    const options = await post(t.app, '/api/v1/login/passkey/options', visitor, {});
    const refused = await post(t.app, '/api/v1/login/passkey', visitor, {
      response: device.get(options.body.options),
    });
    expect(refused.body.apierror?.errorCode).toBe('PASSKEY_REVIEW');

    // Signed in again (the password), the customer keeps it: it signs in once more.
    const again = await sessionHeaders(t.db, made.id);
    const list = await post(t.app, '/api/passkeys/v1/list', again, {});
    expect(list.body.reviewAsked).toBe(true);
    await post(t.app, '/api/passkeys/v1/review', again, { keep: [list.body.passkeys[0].id] });
    const next = await post(t.app, '/api/v1/login/passkey/options', visitor, {});
    const ok = await post(t.app, '/api/v1/login/passkey', visitor, {
      response: device.get(next.body.options),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});
