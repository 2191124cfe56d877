import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { hashSecret } from '../../../src/server/auth/password';
import {
  freshIp,
  insertAccount,
  lastOtp,
  latestCode,
  makeCustomer,
  post,
  sessionHeaders,
  testDbs,
  uniquePhone,
  useTestApp,
} from '../../kit';
import { changeCredential, credentialCustomer } from '../settings/credential-fixtures';
import { readEvents } from './read-events';

const APP_PIN = '482916';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1';

/** The companion app's login on a device: its answer (a session, a challenge or a refusal). */
const appLogin = (app: FastifyInstance, userId: string, deviceId: string, ua: string) =>
  post(
    app,
    '/api/mobile/v1/login',
    { 'x-browser-id': deviceId, 'user-agent': ua },
    { userId, appPin: APP_PIN },
  );

/** Enrols a device as the app does: PIN, then the SMS code to the registered phone. */
async function enrol(
  app: FastifyInstance,
  db: Db,
  who: { userId: string; phone: string },
  id: string,
  ua: string,
) {
  const first = await appLogin(app, who.userId, id, ua);
  expect(first.body.status, JSON.stringify(first.body)).toBe('challenge');
  const done = await post(
    app,
    '/api/mobile/v1/login/challenge',
    { 'x-browser-id': id, 'user-agent': ua },
    { challengeId: first.body.challenge.challengeId, otp: await latestCode(db, who.phone) },
  );
  expect(done.body.status, JSON.stringify(done.body)).toBe('ok');
}

/** A customer with a web session (credential-fixtures.ts) who has set the app's PIN. */
async function appCustomer(db: Db) {
  const c = await credentialCustomer(db);
  await db.query('UPDATE credentials SET app_pin_hash = $2 WHERE customer_id = $1', [
    c.customerId,
    await hashSecret(APP_PIN),
  ]);
  return c;
}

const inbox = async (db: Db, customerId: number) =>
  (
    await db.query<{ subject_eng: string; body_eng: string; body_idn: string }>(
      `SELECT subject_eng, body_eng, body_idn FROM mailbox_messages WHERE customer_id = $1 ORDER BY id`,
      [customerId],
    )
  ).rows;

// Issue 44 item 3a: companion-app devices no longer stay enrolled, unseen, after a password reset or a
// credential change. As passkeys are: the answer and an alert name them, none approves until the
// customer keeps it in Settings > Companion app, and the ones not kept are removed.
describe.each(testDbs)(
  'companion-app devices after a password reset or credential change on $name',
  (engine) => {
    const t = useTestApp({ engine, listen: true });

    it('a reset names the devices, stops them until kept, and removes the ones not kept', async () => {
      const phone = uniquePhone();
      const userId = `devreset${Date.now().toString(36)}`;
      const made = await makeCustomer(t.db, {
        userId,
        password: 'Before@2026',
        phones: [phone],
        casa: [{ accountNo: `7${Date.now().toString().slice(-11)}`, atmLast4: '4321', atmPin: '246810' }],
      });
      await t.db.query('UPDATE credentials SET app_pin_hash = $2 WHERE customer_id = $1', [
        made.id,
        await hashSecret(APP_PIN),
      ]);
      await t.db.query('UPDATE customers SET email = $2 WHERE id = $1', [made.id, `${userId}@example.co.id`]);
      const who = { userId, phone };
      await enrol(t.app, t.db, who, 'phone-android', ANDROID);
      await enrol(t.app, t.db, who, 'phone-iphone', IPHONE);
      const source = await insertAccount(t.db, made.id, { balance: 1_000_000_00 });
      const to = await insertAccount(t.db, made.id, { balance: 0, product: 'current' });
      const appOffered = async (headers: Record<string, string>) =>
        (
          await post(t.app, '/api/transaction/v1/inquiry', headers, {
            flowId: 'transfer.own',
            form: { sourceOfFund: String(source.id), beneficiaryAccount: String(to.id), amount: 10_000_00 },
          })
        ).body.appEnrolled;
      expect(await appOffered(await sessionHeaders(t.db, made.id))).toBe(true);

      // The forgotten password's reset, as the page makes it.
      const { rows } = await t.db.query<{ account_no: string }>(
        'SELECT account_no FROM accounts WHERE customer_id = $1 ORDER BY id LIMIT 1',
        [made.id],
      );
      const visitor = { 'x-browser-id': 'reset-browser', 'x-forwarded-for': freshIp() };
      const v = await post(t.app, '/api/v1/forgot/password/validate', visitor, {
        userId,
        accountNumber: rows[0]!.account_no,
        atmCardLast4: '4321',
        atmPin: '246810',
      });
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
      expect(done.body).toMatchObject({
        result: 'password_changed',
        devices: [
          { name: 'Chrome on Android', enrolledAt: expect.any(String) },
          { name: 'Safari on iOS', enrolledAt: expect.any(String) },
        ],
      });
      // The alert names them, by e-mail and in the mailbox.
      const alert = (await inbox(t.db, made.id)).find(
        (m) => m.subject_eng === 'Check your companion app devices',
      );
      expect(alert?.body_eng).toMatch(/"Chrome on Android" \(enrolled .+\), "Safari on iOS" \(enrolled .+\)/);
      expect(alert?.body_idn).toContain('Pengaturan > Aplikasi pendamping');
      const { rows: mails } = await t.db.query<{ subject: string }>(
        'SELECT subject FROM email_outbox WHERE address = $1',
        [`${userId}@example.co.id`],
      );
      expect(mails.map((m) => m.subject)).toContain(
        'Periksa perangkat aplikasi pendamping Anda / Check your companion app devices',
      );

      // Until kept: no approval offered, and the app's login on either device is refused (no new SMS enrolment).
      const web = await sessionHeaders(t.db, made.id);
      expect(await appOffered(web)).toBe(false);
      const refused = await appLogin(t.app, userId, 'phone-android', ANDROID);
      expect(refused.status).toBe(403);
      expect(refused.body.apierror).toMatchObject({
        errorCode: 'DEVICE_REVIEW',
        errorTitleIdn: 'Periksa perangkat ini dahulu',
      });

      // Settings > Companion app: the customer keeps the Android phone; the iPhone goes, alerted.
      const list = await post(t.app, '/api/approvals/v1/devices', web, {});
      expect(list.body.reviewAsked).toBe(true);
      const devices = list.body.devices as { id: number; name: string; reviewAsked: boolean }[];
      expect(devices.map((d) => [d.name, d.reviewAsked])).toEqual([
        ['Chrome on Android', true],
        ['Safari on iOS', true],
      ]);
      const kept = await post(t.app, '/api/approvals/v1/devices/review', web, { keep: [devices[0]!.id] });
      expect(kept.body).toMatchObject({
        reviewAsked: false,
        devices: [{ name: 'Chrome on Android', reviewAsked: false }],
      });
      const removed = (await inbox(t.db, made.id)).find(
        (m) => m.subject_eng === 'Companion app device removed',
      );
      expect(removed?.body_eng).toMatch(/^Removed from your companion app devices: "Safari on iOS"/);
      expect(await appOffered(web)).toBe(true);
      expect((await appLogin(t.app, userId, 'phone-android', ANDROID)).body.status).toBe('ok');
      // The one removed is a new device again: an SMS code first.
      expect((await appLogin(t.app, userId, 'phone-iphone', IPHONE)).body.status).toBe('challenge');
    });

    it('a credential change names the devices on its receipt and stops them until kept', async () => {
      const c = await appCustomer(t.db);
      await enrol(t.app, t.db, c, 'phone-change', ANDROID);
      const { receipt } = await changeCredential(t.app, t.db, c, 'settings.change-secure-word', {
        newSecureWord: 'blueHeron',
      });
      expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
      expect(receipt.body.details.devicesToReview.eng).toMatch(
        /^"Chrome on Android" \(enrolled .+\): none approves transactions until you keep it in Settings > Companion app$/,
      );
      expect(receipt.body.details.devicesToReview.idn).toMatch(/^"Chrome on Android" \(didaftarkan .+\): /);
      expect((await appLogin(t.app, c.userId, 'phone-change', ANDROID)).body.apierror?.errorCode).toBe(
        'DEVICE_REVIEW',
      );
      const list = await post(t.app, '/api/approvals/v1/devices', c.headers, {});
      expect(list.body.devices).toEqual([
        expect.objectContaining({ name: 'Chrome on Android', reviewAsked: true }),
      ]);
      // Kept none: it is removed.
      await post(t.app, '/api/approvals/v1/devices/review', c.headers, { keep: [] });
      expect((await post(t.app, '/api/approvals/v1/devices', c.headers, {})).body.devices).toEqual([]);
    });

    it("a lost phone is removed at any time: its app's session ends, it is alerted, and only an SMS code enrols it again", async () => {
      const c = await appCustomer(t.db);
      await enrol(t.app, t.db, c, 'phone-lost', ANDROID);
      await enrol(t.app, t.db, c, 'phone-kept', IPHONE);
      const lostSession = await appLogin(t.app, c.userId, 'phone-lost', ANDROID);
      expect(lostSession.body.status).toBe('ok');
      const open = async () =>
        (
          await t.db.query<{ browser_id: string }>(
            `SELECT browser_id FROM sessions WHERE customer_id = $1 AND channel = 'mobile' AND ended_at IS NULL`,
            [c.customerId],
          )
        ).rows.map((r) => r.browser_id);
      expect(await open()).toContain('phone-lost');
      const before = await post(t.app, '/api/approvals/v1/devices', c.headers, {});
      const [lost, kept] = before.body.devices as { id: number; name: string }[];
      expect([lost!.name, kept!.name]).toEqual(['Chrome on Android', 'Safari on iOS']);

      // Another customer's device, or one already gone: the spec's refusal in both languages, nothing removed.
      const other = await credentialCustomer(t.db);
      const refused = await post(t.app, '/api/approvals/v1/devices/remove', other.headers, { id: lost!.id });
      expect(refused.status).toBe(404);
      expect(refused.body.apierror).toMatchObject({
        errorCode: 'DEVICE_NOT_FOUND',
        errorTitleEng: 'Device not found',
        errorTitleIdn: 'Perangkat tidak ditemukan',
      });
      expect((await post(t.app, '/api/approvals/v1/devices/remove', c.headers, { id: 0 })).status).toBe(400);
      expect((await post(t.app, '/api/approvals/v1/devices', c.headers, {})).body.devices).toHaveLength(2);

      // The lost phone's app follows its approvals live; the removal ends that stream (not only later calls).
      const lostApp = {
        authorization: `Bearer ${lostSession.body.accessToken}`,
        'x-browser-id': 'phone-lost',
      };
      const events = `${t.baseUrl}/api/mobile/v1/approvals/events`;
      let removed = { status: 0, body: {} as Record<string, unknown> };
      await readEvents(
        events,
        lostApp,
        () => false,
        async () => {
          removed = await post(t.app, '/api/approvals/v1/devices/remove', c.headers, { id: lost!.id });
        },
      );
      expect((await fetch(events, { headers: lostApp })).status).toBe(401);
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
      expect(removed.body).toEqual({
        reviewAsked: false,
        devices: [expect.objectContaining({ id: kept!.id, name: 'Safari on iOS', reviewAsked: false })],
      });
      expect(await open()).not.toContain('phone-lost');
      const alert = (await inbox(t.db, c.customerId)).find(
        (m) => m.subject_eng === 'Companion app device removed',
      );
      expect(alert?.body_eng).toMatch(
        /^Removed from your companion app devices: "Chrome on Android" \(enrolled /,
      );
      expect(alert?.body_idn).toMatch(
        /^Dihapus dari perangkat aplikasi pendamping Anda: "Chrome on Android"/,
      );
      // Removed twice: no longer there.
      const again = await post(t.app, '/api/approvals/v1/devices/remove', c.headers, { id: lost!.id });
      expect(again.body.apierror?.errorCode).toBe('DEVICE_NOT_FOUND');
      // The phone is a new device again; the one kept still logs in at once.
      expect((await appLogin(t.app, c.userId, 'phone-lost', ANDROID)).body.status).toBe('challenge');
      expect((await appLogin(t.app, c.userId, 'phone-kept', IPHONE)).body.status).toBe('ok');
    });
  },
);
