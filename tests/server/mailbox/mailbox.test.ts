import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { notify } from '../../../src/server/mailbox/notify';
import { COMPOSE_PER_DAY } from '../../../src/server/mailbox/routes';
import { seedMailbox } from '../../../src/server/mailbox/seed';
import { client, makeCustomer, testDbs, useTestApp } from '../../kit';

const text = (s: string) => ({ eng: s, idn: `${s} (id)` });

describe.each(testDbs)('mailbox on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let first: number;
  let second: number;
  const t = useTestApp({ engine });
  beforeAll(async () => {
    ({ app, db } = t);
    first = (await makeCustomer(db, { userId: 'mailuser01', password: 'Mail@2026xx' })).id;
    second = (await makeCustomer(db, { userId: 'mailuser02', password: 'Mail@2026yy' })).id;
  });

  const loggedIn = async (userId: string, password: string) => {
    const c = client(app);
    expect((await c.post('/api/v1/login', { userId, password })).statusCode).toBe(200);
    return c;
  };
  const key = () => `key-${Math.random().toString(36).slice(2, 12)}`;

  it('answers 0030 for an empty folder and a zero badge', async () => {
    const c = await loggedIn('mailuser02', 'Mail@2026yy');
    const list = await c.post('/api/mailbox/v1/list', { folder: 'inbox' });
    expect(list.statusCode).toBe(404);
    expect(list.json().apierror).toMatchObject({
      sourceSystem: 'CLICKS',
      errorCode: '0030',
      errorMessageEng: 'You have no messages.',
      errorMessageIdn: 'Anda tidak memiliki pesan.',
    });
    expect((await c.post('/api/mailbox/v1/badge')).json()).toEqual({ unread: 0 });
  });

  it("counts a domain's notification in the badge until the customer opens it", async () => {
    const c = await loggedIn('mailuser01', 'Mail@2026xx');
    const id = await notify(db, first, {
      subject: text('Card blocked'),
      body: text('Your card was blocked at your request.'),
      reference: '5481 17** **** 5678',
      link: '/settings/block-and-unblock-card/',
    });
    expect((await c.post('/api/mailbox/v1/badge')).json()).toEqual({ unread: 1 });
    const list = (await c.post('/api/mailbox/v1/list', { folder: 'inbox' })).json();
    expect(list).toMatchObject({ total: 1, unread: 1, page: 1 });
    expect(list.messages[0]).toMatchObject({
      id: String(id),
      category: 'notification',
      subject: text('Card blocked'),
      read: false,
      reference: '5481 17** **** 5678',
    });
    const msg = await c.post('/api/mailbox/v1/message', { id: String(id) });
    expect(msg.statusCode).toBe(200);
    expect(msg.json()).toMatchObject({
      body: text('Your card was blocked at your request.'),
      link: '/settings/block-and-unblock-card/',
      read: true,
    });
    expect((await c.post('/api/mailbox/v1/badge')).json()).toEqual({ unread: 0 });
  });

  it('refuses a notification with an empty text or a link outside the product', async () => {
    await expect(notify(db, first, { subject: text(' '), body: text('x') })).rejects.toThrow(/subject/);
    await expect(
      notify(db, first, { subject: text('a'), body: text('b'), link: 'https://evil.example/' }),
    ).rejects.toThrow(/link/);
  });

  it("never shows, opens or deletes another customer's message", async () => {
    const id = await notify(db, second, { subject: text('Private'), body: text('For the second only') });
    const c = await loggedIn('mailuser01', 'Mail@2026xx');
    const open = await c.post('/api/mailbox/v1/message', { id: String(id) });
    expect(open.statusCode).toBe(404);
    expect(open.json().apierror.errorCode).toBe('MAILBOX_NOT_FOUND');
    expect((await c.post('/api/mailbox/v1/delete', { id: String(id) })).statusCode).toBe(404);
    const { rows } = await db.query<{ read_at: Date | null; deleted_at: Date | null }>(
      'SELECT read_at, deleted_at FROM mailbox_messages WHERE id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ read_at: null, deleted_at: null });
  });

  it('sends a message once per key, files it under Sent and acknowledges it in the inbox with a reference', async () => {
    const c = await loggedIn('mailuser01', 'Mail@2026xx');
    const k = key();
    const body = {
      topic: 'card',
      subject: 'Limit question',
      message: 'Can my limit be raised?',
      idempotencyKey: k,
    };
    const sent = await c.post('/api/mailbox/v1/compose', body);
    expect(sent.statusCode).toBe(200);
    const { id, reference } = sent.json();
    expect(reference).toBe(`MB${id.padStart(8, '0')}`);
    // A retry (double click, network) sends nothing new.
    expect((await c.post('/api/mailbox/v1/compose', body)).json()).toEqual({ id, reference });
    const sentList = (await c.post('/api/mailbox/v1/list', { folder: 'sent' })).json();
    expect(sentList.total).toBe(1);
    expect(sentList.messages[0]).toMatchObject({ id, category: 'card', subject: { eng: 'Limit question' } });
    const inbox = (await c.post('/api/mailbox/v1/list', { folder: 'inbox' })).json();
    const ack = inbox.messages[0];
    expect(ack).toMatchObject({ category: 'reply', read: false, reference });
    const ackDetail = (await c.post('/api/mailbox/v1/message', { id: ack.id })).json();
    expect(ackDetail.replyTo).toEqual({ id, subject: { eng: 'Limit question', idn: 'Limit question' } });
    expect(ackDetail.body.idn).toContain(reference);
  });

  it('refuses bad input with the error payload and writes nothing', async () => {
    const c = await loggedIn('mailuser01', 'Mail@2026xx');
    const count = async () =>
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM mailbox_messages')).rows[0]!.n;
    const before = await count();
    for (const bad of [
      { topic: 'card', subject: '   ', message: 'x', idempotencyKey: key() },
      { topic: 'lottery', subject: 'a', message: 'x', idempotencyKey: key() },
      { topic: 'card', subject: 'a', message: 'x'.repeat(1001), idempotencyKey: key() },
      { topic: 'card', subject: 'a', message: 'x', idempotencyKey: 'short' },
      { topic: 'card', subject: 'a', message: 'x', idempotencyKey: key(), extra: 1 },
    ]) {
      const r = await c.post('/api/mailbox/v1/compose', bad);
      expect(r.statusCode).toBe(400);
      expect(r.json().apierror.errorCode).toBe('INVALID_REQUEST');
    }
    const replyToOther = await c.post('/api/mailbox/v1/compose', {
      topic: 'other',
      subject: 'a',
      message: 'b',
      replyTo: '999999',
      idempotencyKey: key(),
    });
    expect(replyToOther.statusCode).toBe(404);
    expect(await count()).toBe(before);
    expect((await c.post('/api/mailbox/v1/list', { folder: 'trash' })).statusCode).toBe(400);
  });

  it('stops at the day limit of messages sent', async () => {
    const c = await loggedIn('mailuser02', 'Mail@2026yy');
    const send = () =>
      c.post('/api/mailbox/v1/compose', {
        topic: 'other',
        subject: 's',
        message: 'm',
        idempotencyKey: key(),
      });
    for (let i = 0; i < COMPOSE_PER_DAY; i++) expect((await send()).statusCode).toBe(200);
    const over = await send();
    expect(over.statusCode).toBe(429);
    expect(over.json().apierror.errorCode).toBe('RATE_LIMITED');
  });

  it('deletes a message from its folder', async () => {
    const c = await loggedIn('mailuser01', 'Mail@2026xx');
    const id = String(await notify(db, first, { subject: text('Old'), body: text('Old news') }));
    expect((await c.post('/api/mailbox/v1/delete', { id })).json()).toEqual({ deleted: true });
    const ids = (await c.post('/api/mailbox/v1/list', { folder: 'inbox' }))
      .json()
      .messages.map((m: { id: string }) => m.id);
    expect(ids).not.toContain(id);
    expect((await c.post('/api/mailbox/v1/message', { id })).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    const r = await client(app).post('/api/mailbox/v1/badge');
    expect(r.statusCode).toBe(401);
  });

  it("seeds budisantoso's mailbox once, with unread news and an answered question", async () => {
    const budi = await makeCustomer(db, { userId: 'budisantoso', password: 'Budi@2026xx' });
    expect(await seedMailbox(db)).toBe(7);
    expect(await seedMailbox(db)).toBe(0);
    const { rows } = await db.query<{ folder: string; unread: number; n: number }>(
      `SELECT folder, count(*)::int AS n, count(*) FILTER (WHERE read_at IS NULL)::int AS unread
         FROM mailbox_messages WHERE customer_id = $1 GROUP BY folder ORDER BY folder`,
      [budi.id],
    );
    expect(rows).toEqual([
      { folder: 'inbox', n: 6, unread: 3 },
      { folder: 'sent', n: 1, unread: 0 },
    ]);
  });
});
