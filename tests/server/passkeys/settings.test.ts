import { describe, expect, it } from 'vitest';
import { askPasskeyReview } from '../../../src/server/passkeys/notices';
import { prunePasskeyRows } from '../../../src/server/passkeys/prune';
import { customerWithSession, post, testDbs, useTestApp, type Answer } from '../../kit';
import { SoftwareAuthenticator } from '../../kit/passkeys/software-authenticator';
import { TEST_ORIGIN, enrolPasskey, stepUp } from '../../kit/passkeys/enrol';

// Settings > Passkeys: enrol and remove each after an OTP step-up, rename, the alerts, the review after a reset.

describe.each(testDbs)('passkeys in Settings on $name', (engine) => {
  const t = useTestApp({ engine });

  const refused = (a: Answer, code: string) => {
    expect(a.body.apierror?.errorCode).toBe(code);
    expect(a.body.apierror.errorMessageIdn).toBeTruthy();
  };
  const names = async (headers: Record<string, string>) =>
    (await post(t.app, '/api/passkeys/v1/list', headers, {})).body.passkeys.map(
      (p: { name: string }) => p.name,
    );

  it('enrols a passkey only after the OTP step-up, and alerts it by e-mail and in the mailbox', async () => {
    const who = await customerWithSession(t.db);
    await t.db.query(`UPDATE customers SET email = $2 WHERE id = $1`, [
      who.customerId,
      `pk${who.customerId}@example.co.id`,
    ]);
    refused(await post(t.app, '/api/passkeys/v1/register/options', who.headers, {}), 'PASSKEY_STEP_UP');
    const sent = await post(t.app, '/api/passkeys/v1/step-up', who.headers, { action: 'enrol' });
    const wrong = await post(t.app, '/api/passkeys/v1/step-up/verify', who.headers, {
      requestId: sent.body.requestId,
      otp: '000000',
    });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    refused(await post(t.app, '/api/passkeys/v1/register/options', who.headers, {}), 'PASSKEY_STEP_UP');

    const device = new SoftwareAuthenticator(TEST_ORIGIN);
    const enrolled = await enrolPasskey(t.app, t.db, who, device, 'Work laptop');
    expect(enrolled.status).toBe(200);
    expect(enrolled.body.passkey.name).toBe('Work laptop');
    expect(enrolled.body.passkey.createdWhere).toBeTruthy();
    // One step-up, one passkey: the next one asks again.
    refused(await post(t.app, '/api/passkeys/v1/register/options', who.headers, {}), 'PASSKEY_STEP_UP');

    const mail = await t.db.query<{ subject: string; body: string }>(
      'SELECT subject, body FROM email_outbox WHERE address = $1',
      [`pk${who.customerId}@example.co.id`],
    );
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0]!.body).toContain('Work laptop');
    const inbox = await t.db.query<{ subject_eng: string; body_idn: string }>(
      'SELECT subject_eng, body_idn FROM mailbox_messages WHERE customer_id = $1',
      [who.customerId],
    );
    expect(inbox.rows.map((r) => r.subject_eng)).toContain('Passkey added');
  });

  it('refuses a registration answered for another site or without user verification', async () => {
    const who = await customerWithSession(t.db);
    const device = new SoftwareAuthenticator(TEST_ORIGIN);
    await stepUp(t.app, t.db, who, 'enrol');
    const options = (await post(t.app, '/api/passkeys/v1/register/options', who.headers, {})).body.options;
    refused(
      await post(t.app, '/api/passkeys/v1/register', who.headers, {
        name: 'x',
        response: device.create(options, { origin: 'https://evil.example' }),
      }),
      'PASSKEY_ORIGIN',
    );
    refused(
      await post(t.app, '/api/passkeys/v1/register', who.headers, {
        name: 'x',
        response: device.create(options, { userVerified: false }),
      }),
      'PASSKEY_NO_UV',
    );
    expect(await names(who.headers)).toEqual([]);
  });

  it('renames freely, removes only after the step-up, and alerts the removal', async () => {
    const who = await customerWithSession(t.db);
    await enrolPasskey(t.app, t.db, who, new SoftwareAuthenticator(TEST_ORIGIN), 'Phone');
    const id = (await post(t.app, '/api/passkeys/v1/list', who.headers, {})).body.passkeys[0].id;
    expect((await post(t.app, '/api/passkeys/v1/rename', who.headers, { id, name: 'Pixel' })).status).toBe(
      200,
    );
    expect(await names(who.headers)).toEqual(['Pixel']);
    refused(await post(t.app, '/api/passkeys/v1/remove', who.headers, { ids: [id] }), 'PASSKEY_STEP_UP');
    // An enrolment's step-up does not remove.
    await stepUp(t.app, t.db, who, 'enrol');
    refused(await post(t.app, '/api/passkeys/v1/remove', who.headers, { ids: [id] }), 'PASSKEY_STEP_UP');
    await stepUp(t.app, t.db, who, 'remove');
    // An id past what the database holds is bad input (400 with the spec's payload), not a 500, and
    // spends no step-up.
    for (const huge of [2 ** 63, 1e308]) {
      const bad = await post(t.app, '/api/passkeys/v1/remove', who.headers, { ids: [id, huge] });
      expect(bad.status, JSON.stringify(bad.body)).toBe(400);
      expect(bad.body.apierror.errorCode).toBe('INVALID_REQUEST');
    }
    expect((await post(t.app, '/api/passkeys/v1/remove', who.headers, { ids: [id] })).status).toBe(200);
    expect(await names(who.headers)).toEqual([]);
    const inbox = await t.db.query<{ body_eng: string }>(
      `SELECT body_eng FROM mailbox_messages WHERE customer_id = $1 AND subject_eng = 'Passkey removed'`,
      [who.customerId],
    );
    expect(inbox.rows[0]!.body_eng).toContain('"Pixel"');
  });

  it('after a password reset lists the passkeys in an alert and keeps only those the customer chooses', async () => {
    const who = await customerWithSession(t.db);
    await enrolPasskey(t.app, t.db, who, new SoftwareAuthenticator(TEST_ORIGIN), 'Mine');
    await enrolPasskey(t.app, t.db, who, new SoftwareAuthenticator(TEST_ORIGIN), 'Not mine');
    await askPasskeyReview(t.db, who.customerId, 'reset');
    const list = (await post(t.app, '/api/passkeys/v1/list', who.headers, {})).body;
    expect(list.reviewAsked).toBe(true);
    const alert = await t.db.query<{ body_eng: string }>(
      `SELECT body_eng FROM mailbox_messages WHERE customer_id = $1 AND subject_eng = 'Check your passkeys'`,
      [who.customerId],
    );
    expect(alert.rows[0]!.body_eng).toContain('"Mine"');
    expect(alert.rows[0]!.body_eng).toContain('"Not mine"');
    // Not usable until kept: a transaction's verify does not offer them.
    const keep = list.passkeys.find((p: { name: string }) => p.name === 'Mine').id;
    const kept = await post(t.app, '/api/passkeys/v1/review', who.headers, { keep: [keep] });
    expect(kept.status).toBe(200);
    expect(
      kept.body.passkeys.map((p: { name: string; reviewAsked: boolean }) => [p.name, p.reviewAsked]),
    ).toEqual([['Mine', false]]);
  });
});

describe.each(testDbs)('passkey housekeeping on $name', (engine) => {
  const t = useTestApp({ engine });

  it('prunes challenges a day past their expiry and old step-ups, and keeps the rest', async () => {
    const who = await customerWithSession(t.db);
    await enrolPasskey(t.app, t.db, who, new SoftwareAuthenticator(TEST_ORIGIN), 'Kept');
    await t.db.query(
      `UPDATE passkey_challenges SET expires_at = now() - interval '2 days' WHERE customer_id = $1`,
      [who.customerId],
    );
    await post(t.app, '/api/passkeys/v1/step-up', who.headers, { action: 'remove' });
    await t.db.query(
      `UPDATE passkey_step_ups SET created_at = now() - interval '2 days' WHERE customer_id = $1`,
      [who.customerId],
    );
    await post(t.app, '/api/v1/login/passkey/options', { 'x-browser-id': 'prune-browser' }, {});
    const pruned = await prunePasskeyRows(t.db);
    expect(pruned.challenges).toBeGreaterThanOrEqual(1);
    expect(pruned.stepUps).toBeGreaterThanOrEqual(1);
    const left = await t.db.query(
      `SELECT count(*)::int AS n FROM passkey_challenges WHERE expires_at < now() - interval '1 day'`,
    );
    expect(left.rows[0]!.n).toBe(0);
    expect(await names(who.headers)).toEqual(['Kept']);
  });

  const names = async (headers: Record<string, string>) =>
    (await post(t.app, '/api/passkeys/v1/list', headers, {})).body.passkeys.map(
      (p: { name: string }) => p.name,
    );
});
