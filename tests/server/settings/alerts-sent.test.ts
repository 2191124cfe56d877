import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { dispatchAlerts } from '../../../src/server/alerts/dispatch';
import { outboxGateway } from '../../../src/server/sms/gateway';
import { createSession } from '../../../src/server/auth/sessions';
import { insertCard } from '../cards/fixtures';
import { bankDate } from '../../../src/shared/bank-time';
import { runDueInstructions } from '../../../src/server/schedules/scheduler';
import { ledgerRunner } from '../../../src/server/schedules/runner';
import { loadCatalog } from '../../../src/server/transactions/catalog';
import { serverRegistry } from '../../../src/server/domains';
import { bothEngines, customerWithSession, insertAccount, transact, useTestApp } from '../../kit';

const rp = (n: number) => n * 100;

// Issue 21 item 10: the alerts customers choose are sent when their events happen, on the chosen
// channels (SMS gateway, e-mail outbox, mailbox notification), each once however many servers run.
// Both engines: the dispatcher's cursor lock is what keeps two servers from sending twice.
describe.each(bothEngines)('alerts sent on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ engine, demo: false, alertIntervalMs: 0 });
  beforeAll(async () => {
    ({ app, db } = t);
    await app.ready();
  }, 60_000);

  const dispatch = () => dispatchAlerts(db, outboxGateway(db));
  const sms = async (phone: string) =>
    (
      await db.query<{ text: string }>('SELECT text FROM sms_outbox WHERE phone = $1 ORDER BY id', [phone])
    ).rows
      .map((r) => r.text)
      .filter((t) => t.startsWith('Octo:'));
  const emails = async (address: string) =>
    (
      await db.query<{ subject: string; body: string }>(
        'SELECT subject, body FROM email_outbox WHERE address = $1',
        [address],
      )
    ).rows;
  const inbox = async (customerId: number) =>
    (
      await db.query<{ subject_eng: string; body_idn: string }>(
        `SELECT subject_eng, body_idn FROM mailbox_messages WHERE customer_id = $1 AND folder = 'inbox' ORDER BY id`,
        [customerId],
      )
    ).rows;

  async function alertsOn(
    customerId: number,
    kind: 'transaction' | 'all',
    setting: { events?: string[]; channels: string[]; min: number; accounts?: number[] },
  ) {
    await db.query(`UPDATE customers SET email = $2 WHERE id = $1`, [
      customerId,
      `c${customerId}@example.co.id`,
    ]);
    await db.query(
      `INSERT INTO alert_settings (customer_id, kind, enabled, events, channels, min_amount, account_ids)
       VALUES ($1, $2, true, $3::text[], $4::text[], $5, $6::bigint[])
       ON CONFLICT (customer_id, kind) DO UPDATE SET enabled = true, events = $3::text[], channels = $4::text[],
         min_amount = $5, account_ids = $6::bigint[]`,
      [customerId, kind, setting.events ?? [], setting.channels, setting.min, setting.accounts ?? []],
    );
  }

  it('sends a transfer alert above the chosen amount on every chosen channel, once; below it, none', async () => {
    await dispatch();
    const who = await customerWithSession(db);
    const source = await insertAccount(db, who.customerId, { balance: rp(50_000_000) });
    const other = await customerWithSession(db);
    const to = await insertAccount(db, other.customerId, { balance: 0 });
    await alertsOn(who.customerId, 'transaction', {
      events: ['transfer', 'card'],
      channels: ['sms', 'email', 'push'],
      min: rp(1_000_000),
    });
    // The receiver watches every move on its account (money received included).
    await alertsOn(other.customerId, 'all', { channels: ['sms'], min: 0, accounts: [to.id] });
    const form = (amount: number) => ({
      sourceOfFund: String(source.id),
      beneficiaryAccountNo: to.accountNo,
      purpose: 'family',
      amount: rp(amount),
    });
    const big = await transact(app, db, who, 'transfer.samebank', form(2_500_000));
    const small = await transact(app, db, who, 'transfer.samebank', form(400_000));
    expect([big.receipt.status, small.receipt.status]).toEqual([200, 200]);
    expect(await dispatch()).toBe(3 + 2);
    expect(await dispatch()).toBe(0);
    const texts = await sms(who.phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('Rp 2.500.000');
    expect(texts[0]).toContain(big.receipt.body.referenceNo);
    expect(texts[0]).toContain('14041');
    const mail = await emails(`c${who.customerId}@example.co.id`);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Notifikasi transfer / Transfer alert');
    expect(mail[0]!.body).toContain('IDR 2,500,000');
    expect((await inbox(who.customerId)).map((m) => m.subject_eng)).toEqual(['Transfer alert']);
    const received = await sms(other.phone);
    expect(received).toHaveLength(2);
    expect(received[0]).toContain('Kredit Rp 2.500.000 ke rekening');
    expect(received[1]).toContain('Rp 400.000');
  });

  it('sends no transfer alert when a transfer is only scheduled for later (nothing has moved yet), and sends it when it runs', async () => {
    await dispatch();
    const who = await customerWithSession(db);
    const source = await insertAccount(db, who.customerId, { balance: rp(50_000_000) });
    const other = await customerWithSession(db);
    const to = await insertAccount(db, other.customerId, { balance: 0 });
    await alertsOn(who.customerId, 'transaction', { events: ['transfer'], channels: ['sms'], min: 0 });
    const scheduled = await transact(app, db, who, 'transfer.samebank', {
      sourceOfFund: String(source.id),
      beneficiaryAccountNo: to.accountNo,
      purpose: 'family',
      amount: rp(2_500_000),
      when: { kind: 'date', date: bankDate(new Date(), 3) },
    });
    expect(scheduled.receipt.body.scheduled).toEqual(
      expect.objectContaining({ instructionId: expect.any(Number) }),
    );
    const now = await transact(app, db, who, 'transfer.samebank', {
      sourceOfFund: String(source.id),
      beneficiaryAccountNo: to.accountNo,
      purpose: 'family',
      amount: rp(100_000),
    });
    expect(now.receipt.status).toBe(200);
    expect(await dispatch()).toBe(1);
    const texts = await sms(who.phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain(now.receipt.body.referenceNo);
    // On its day the scheduler books it: the alert goes then, with the booking's own reference.
    const instructionId = Number(scheduled.receipt.body.scheduled.instructionId);
    await db.query(`UPDATE scheduled_transfers SET next_run_at = now() - interval '1 second' WHERE id = $1`, [
      instructionId,
    ]);
    const ran = await runDueInstructions(db, {
      runner: ledgerRunner(db, loadCatalog(), serverRegistry()),
      notify: async () => {},
    });
    expect(ran.success).toBe(1);
    const { rows } = await db.query<{ reference_no: string }>(
      `SELECT reference_no FROM journal WHERE idempotency_key LIKE $1`,
      [`sched-${instructionId}-%`],
    );
    expect(await dispatch()).toBe(1);
    const after = await sms(who.phone);
    expect(after).toHaveLength(2);
    expect(after[1]).toContain('Rp 2.500.000');
    expect(after[1]).toContain(rows[0]!.reference_no);
  });

  it('sends a card alert (no amount) and a login alert; an event of long ago is passed over', async () => {
    const who = await customerWithSession(db);
    await dispatch();
    await alertsOn(who.customerId, 'transaction', {
      events: ['card', 'login'],
      channels: ['sms'],
      min: rp(1_000_000),
    });
    const card = await insertCard(db, who);
    const block = await transact(app, db, who, 'card.block', { card: String(card.id), reason: 'lost' });
    expect(block.receipt.status).toBe(200);
    await createSession(db, { customerId: who.customerId, channel: 'mobile', browserId: 'phone-x' });
    expect(await dispatch()).toBe(2);
    const texts = await sms(who.phone);
    expect(
      texts.some((t) => t.includes('Perubahan kartu') && t.includes(block.receipt.body.referenceNo)),
    ).toBe(true);
    expect(texts.some((t) => t.includes('Login baru ke aplikasi mobile'))).toBe(true);
    // History loaded long after it happened (a seed, a server down for long) is not alerted late.
    await createSession(db, { customerId: who.customerId, channel: 'web', browserId: 'old' });
    await db.query(`UPDATE sessions SET created_at = now() - interval '1 hour' WHERE browser_id = 'old'`);
    expect(await dispatch()).toBe(0);
  });

  it('sends each alert once when two servers dispatch at the same time', async () => {
    const who = await customerWithSession(db);
    await dispatch();
    await alertsOn(who.customerId, 'transaction', { events: ['login'], channels: ['sms', 'push'], min: 0 });
    for (let i = 0; i < 5; i++)
      await createSession(db, { customerId: who.customerId, channel: 'web', browserId: `b${i}` });
    const sent = await Promise.all([dispatch(), dispatch(), dispatch()]);
    expect(sent.reduce((a, b) => a + b, 0) + (await dispatch())).toBe(10);
    expect(await sms(who.phone)).toHaveLength(5);
  });
});
