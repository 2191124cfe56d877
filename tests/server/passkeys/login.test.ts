import { describe, expect, it } from 'vitest';
import { failureKey, recordFailure } from '../../../src/server/auth/failures';
import {
  customerWithSession,
  freshIp,
  makeCustomer,
  post,
  sessionHeaders,
  testDbs,
  uniquePhone,
  useTestApp,
  type Answer,
} from '../../kit';
import { SoftwareAuthenticator } from '../../kit/passkeys/software-authenticator';
import { TEST_ORIGIN, enrolPasskey } from '../../kit/passkeys/enrol';

// Sign in with a passkey: the same session as a password's, the FDS and BDS challenges kept, a lock kept.

let seq = 0;

describe.each(testDbs)('passkey sign-in on $name', (engine) => {
  const t = useTestApp({ engine });

  /** A customer who can log in, with a passkey on `device` (enrolled from a session of its own). */
  async function withPasskey(loginChallenge: 'fds' | 'bds' | null = null) {
    seq += 1;
    const phone = uniquePhone();
    const userId = `pkuser${Date.now().toString(36)}${seq}`;
    const made = await makeCustomer(t.db, {
      userId,
      password: 'Secret@2026',
      phones: [phone],
      loginChallenge,
    });
    const headers = await sessionHeaders(t.db, made.id);
    const device = new SoftwareAuthenticator(TEST_ORIGIN);
    const enrolled = await enrolPasskey(t.app, t.db, { headers, phone }, device, 'Laptop');
    expect(enrolled.status).toBe(200);
    return { customerId: made.id, userId, phone, device };
  }

  /** A browser of its own: its id and address. */
  const browser = () => ({
    'x-browser-id': `pk-browser-${Math.random().toString(36).slice(2)}`,
    'x-forwarded-for': freshIp(),
  });

  async function signIn(device: SoftwareAuthenticator, headers = browser(), tweak = {}) {
    const options = await post(t.app, '/api/v1/login/passkey/options', headers, {});
    expect(options.status).toBe(200);
    expect(options.body.options.userVerification).toBe('required');
    const response = device.get(options.body.options, tweak);
    return { answer: await post(t.app, '/api/v1/login/passkey', headers, { response }), response, headers };
  }

  const refused = (a: Answer, code: string) => {
    expect(a.body.apierror?.errorCode).toBe(code);
    expect(a.body.apierror.errorMessageIdn).toBeTruthy();
  };

  it('signs in with a passkey: a web session, as the password gives', async () => {
    const c = await withPasskey();
    const { answer } = await signIn(c.device);
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('ok');
    const list = await post(t.app, '/api/passkeys/v1/list', await sessionHeaders(t.db, c.customerId), {});
    expect(list.body.passkeys[0].lastUsedAt).toBeTruthy();
    expect(list.body.passkeys[0].lastUsedWhere).toBeTruthy();
  });

  it('hands the session over in the headers, and the session is a web one', async () => {
    const c = await withPasskey();
    const headers = browser();
    const options = await post(t.app, '/api/v1/login/passkey/options', headers, {});
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login/passkey',
      headers,
      payload: { response: c.device.get(options.body.options) },
    });
    expect(res.statusCode).toBe(200);
    const token = res.headers['access_token'];
    expect(typeof token).toBe('string');
    const me = await post(t.app, '/api/v1/session/me', { ...headers, authorization: `Bearer ${token}` }, {});
    expect(me.status).toBe(200);
    expect(me.body.customer.userId).toBe(c.userId);
  });

  it('keeps the FDS and BDS challenges where the password login has them', async () => {
    const fds = await withPasskey('fds');
    const a = (await signIn(fds.device)).answer;
    expect(a.body.status).toBe('challenge');
    expect(a.body.challenge.type).toBe('fds');
    const bds = await withPasskey('bds');
    const b = (await signIn(bds.device)).answer;
    expect(b.body.status).toBe('challenge');
    expect(b.body.challenge.type).toBe('bds');
  });

  it('refuses a replayed assertion, an unknown passkey, a wrong origin, no UV and an expired challenge', async () => {
    const c = await withPasskey();
    const first = await signIn(c.device);
    expect(first.answer.status).toBe(200);
    refused(
      await post(t.app, '/api/v1/login/passkey', first.headers, { response: first.response }),
      'PASSKEY_REPLAYED',
    );
    const stranger = new SoftwareAuthenticator(TEST_ORIGIN);
    const who = await customerWithSession(t.db);
    await enrolPasskey(t.app, t.db, who, stranger, 'Other');
    await post(t.app, '/api/passkeys/v1/step-up', who.headers, { action: 'remove' });
    await t.db.query('DELETE FROM passkey_credentials WHERE customer_id = $1', [who.customerId]);
    refused((await signIn(stranger)).answer, 'PASSKEY_UNKNOWN');
    refused((await signIn(c.device, browser(), { origin: 'https://evil.example' })).answer, 'PASSKEY_ORIGIN');
    refused((await signIn(c.device, browser(), { userVerified: false })).answer, 'PASSKEY_NO_UV');
    const headers = browser();
    const options = await post(t.app, '/api/v1/login/passkey/options', headers, {});
    await t.db.query(
      `UPDATE passkey_challenges SET expires_at = now() - interval '1 second' WHERE challenge = $1`,
      [options.body.options.challenge],
    );
    refused(
      await post(t.app, '/api/v1/login/passkey', headers, { response: c.device.get(options.body.options) }),
      'PASSKEY_EXPIRED',
    );
  });

  it('blocks a cloned passkey (its counter went back)', async () => {
    const c = await withPasskey();
    expect((await signIn(c.device)).answer.status).toBe(200);
    expect((await signIn(c.device)).answer.status).toBe(200);
    refused((await signIn(c.device, browser(), { counter: 1 })).answer, 'PASSKEY_CLONED');
    refused((await signIn(c.device)).answer, 'PASSKEY_CLONED');
  });

  it('keeps a locked user id locked, and refuses a passkey waiting for review after a reset', async () => {
    const c = await withPasskey();
    for (let i = 0; i < 5; i++) await recordFailure(t.db, failureKey('login', c.userId));
    refused((await signIn(c.device)).answer, 'LOGIN_LOCKED');
    const d = await withPasskey();
    await t.db.query('UPDATE passkey_credentials SET review_asked_at = now() WHERE customer_id = $1', [
      d.customerId,
    ]);
    refused((await signIn(d.device)).answer, 'PASSKEY_REVIEW');
  });
});
