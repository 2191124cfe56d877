import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { client, makeCustomer, testDbs, useTestApp } from '../../kit';

describe.each(testDbs)('live chat after login on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ engine });
  beforeAll(async () => {
    ({ app, db } = t);
    await makeCustomer(db, { userId: 'chatuser01', password: 'Chat@2026x' });
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

  const form = (app_: FastifyInstance, url: string, fields: Record<string, string>) =>
    app_.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const openChat = async () => {
    const c = client(app);
    await c.post('/api/v1/login', { userId: 'chatuser01', password: 'Chat@2026x' });
    const keys = (await c.post('/api/usersettings/v1/geturllivechatafterlogin', { lang: 'id' })).json()
      .usersettingsresponse;
    return { c, keys };
  };
  const chatRow = async (chatId: string) =>
    (
      await db.query<{ ended_at: Date | null; end_reason: string | null }>(
        'SELECT ended_at, end_reason FROM live_chats WHERE chat_id = $1',
        [chatId],
      )
    ).rows[0];

  it("hands the chat's keys to the browser, and the chat service disconnects the chat with them (spec section 7)", async () => {
    const { keys } = await openChat();
    expect(keys).toMatchObject({
      chatId: expect.stringMatching(/^[0-9a-f]{24}$/),
      alias: 'Test Customer',
      userId: 'chatuser01',
      chatServiceUrl: '/standins/chat-service',
      secureKey: expect.any(String),
    });
    expect(keys.liveChatUrl).toContain(`chatId=${keys.chatId}`);
    // The stored key is a hash, not the key.
    const { rows } = await db.query<{ secure_key_hash: string }>(
      'SELECT secure_key_hash FROM live_chats WHERE chat_id = $1',
      [keys.chatId],
    );
    expect(rows[0]!.secure_key_hash).not.toContain(keys.secureKey);
    const url = `${keys.chatServiceUrl}/${keys.chatId}/disconnect`;
    const wrong = await form(app, url, { alias: keys.alias, secureKey: 'guess', userId: keys.userId });
    expect(wrong.statusCode).toBe(404);
    expect(await chatRow(keys.chatId)).toEqual({ ended_at: null, end_reason: null });
    const ok = await form(app, url, { alias: keys.alias, secureKey: keys.secureKey, userId: keys.userId });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ disconnected: true });
    expect(await chatRow(keys.chatId)).toMatchObject({ end_reason: 'disconnect' });
    // Twice is harmless (logout may race the panel's close).
    expect(
      (await form(app, url, { alias: keys.alias, secureKey: keys.secureKey, userId: keys.userId }))
        .statusCode,
    ).toBe(200);
  });

  it('ends the open chat when the panel closes, and a reopened panel starts a new chat', async () => {
    const { c, keys } = await openChat();
    const again = (await c.post('/api/usersettings/v1/geturllivechatafterlogin', {})).json()
      .usersettingsresponse;
    expect(again.chatId).not.toBe(keys.chatId);
    expect(await chatRow(keys.chatId)).toMatchObject({ end_reason: 'replaced' });
    await c.post('/api/usersettings/v1/geturllivechatclose', {});
    expect(await chatRow(again.chatId)).toMatchObject({ end_reason: 'close' });
  });

  it('refuses a disconnect without its fields', async () => {
    const { keys } = await openChat();
    const r = await form(app, `/standins/chat-service/${keys.chatId}/disconnect`, { alias: 'x' });
    expect(r.statusCode).toBe(400);
    expect(r.json().apierror.errorCode).toBe('INVALID_REQUEST');
    expect(
      (
        await form(app, '/standins/chat-service/nothex/disconnect', {
          alias: 'a',
          secureKey: 'b',
          userId: 'c',
        })
      ).statusCode,
    ).toBe(400);
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
