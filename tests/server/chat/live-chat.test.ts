import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import type { Db } from '../../../src/server/db/db';
import { testDbs } from '../test-db';
import { client, makeCustomer } from '../auth/fixtures';

process.env.ARGON2_FAST = '1';

describe.each(testDbs)('live chat after login on $name', ({ open }) => {
  let db: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await open();
    app = await buildApp({ db });
    await makeCustomer(db, { userId: 'chatuser01', password: 'Chat@2026x' });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('gives a signed-in customer the chat URL in their language and closes the chat', async () => {
    const c = client(app);
    expect((await c.post('/api/v1/login', { userId: 'chatuser01', password: 'Chat@2026x' })).statusCode).toBe(
      200,
    );
    const res = await c.post('/api/usersettings/v1/geturllivechatafterlogin', { lang: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json().usersettingsresponse.liveChatUrl).toMatch(/^\/standins\/livechat\/\?lang=en/);
    const page = await app.inject({ method: 'GET', url: res.json().usersettingsresponse.liveChatUrl });
    expect(page.statusCode).toBe(200);
    const close = await c.post('/api/usersettings/v1/geturllivechatclose', {});
    expect(close.json()).toEqual({ usersettingsresponse: { closed: true } });
  });

  it('refuses visitors with INVALID_TOKEN and bad bodies with an apierror', async () => {
    const visitor = client(app);
    const res = await visitor.post('/api/usersettings/v1/geturllivechatafterlogin', {});
    expect(res.statusCode).toBe(401);
    expect(res.json().apierror.errorCode).toBe('INVALID_TOKEN');
    const c = client(app);
    await c.post('/api/v1/login', { userId: 'chatuser01', password: 'Chat@2026x' });
    const bad = await c.post('/api/usersettings/v1/geturllivechatafterlogin', { lang: 'fr' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().apierror.errorCode).toBe('INVALID_REQUEST');
  });
});
