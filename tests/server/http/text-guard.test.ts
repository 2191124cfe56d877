import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { bankDate } from '../../../src/shared/bank-time';
import { addDays } from '../../../src/server/schedules/recurrence';
import { describeError } from '../../../src/shared/api/error-catalogue';
import { initI18n } from '../../../src/shared/i18n/i18n';
import enErrors from '../../../locales/en/errors.json';
import idErrors from '../../../locales/id/errors.json';
import { customerWithSession, insertAccount, post, testDbs, useTestApp, writeCounts } from '../../kit';

// Issue 44 item 4: a favourite named "\ud800" (a lone half of a surrogate pair, which JSON's escape
// makes) was stored and echoed. The shared input guard refuses text that is not well-formed Unicode or
// holds a control character on every route at once; these are the routes that store free text.
const i18n = initI18n({ en: { errors: enErrors }, id: { errors: idErrors } }, 'en');
const seenIn = (lang: 'en' | 'id', status: number, body: never) =>
  describeError({ status, body }, { getFixedT: i18n.getFixedT.bind(i18n), language: lang });

const BAD = [
  ['a lone surrogate', 'Ibu \ud800'],
  ['a lone low surrogate', '\udc00 Ibu'],
  ['a control character (BEL)', 'Ibu\u0007'],
  ['an escape (ESC)', 'Ibu \u001b[31m'],
  ['DEL', 'Ibu\u007f'],
  ['a C1 control (NEL)', 'Ibu\u0085'],
  ['a bidi override (RLO: "Ibu pang" shown as "Ibu gnap")', 'Ibu \u202Epang'],
  ['a bidi isolate (RLI ... PDI)', 'Ibu \u2067kos\u2069'],
] as const;

/** Tables a stored-text route writes; a refusal leaves their counts (and the rows below) as they were. */
const STORES = ['favorites', 'mailbox_messages', 'transaction_inquiries', 'goals', 'live_chats'];

describe.each(testDbs)('text that is not text, refused once for every route, on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let who: Awaited<ReturnType<typeof customerWithSession>>;
  let sourceOfFund: string;
  let recipientId: string;
  let chat: { url: string; secureKey: string; userId: string; chatId: string };

  const t = useTestApp({ engine });
  beforeAll(async () => {
    ({ app, db } = t);
    who = await customerWithSession(db);
    sourceOfFund = String((await insertAccount(db, who.customerId, { balance: 10_000_000_00 })).id);
    const other = await customerWithSession(db);
    const sari = await insertAccount(db, other.customerId, { balance: 0 });
    // A saved recipient (a same-bank transfer favourite): its name is the beneficiary's nickname.
    const saved = await post(app, '/api/favorite/v1/add', who.headers, {
      flowId: 'transfer.samebank',
      name: 'Sari kos',
      form: { sourceOfFund, beneficiaryAccountNo: sari.accountNo, purpose: 'family', amount: 10_000_00 },
    });
    expect(saved.status).toBe(200);
    recipientId = saved.body.id;
    const opened = await post(app, '/api/usersettings/v1/geturllivechatafterlogin', who.headers, {
      lang: 'id',
    });
    expect(opened.status).toBe(200);
    const keys = opened.body.usersettingsresponse;
    chat = { ...keys, url: `${keys.chatServiceUrl}/${keys.chatId}/disconnect` };
  });

  /** Each route that stores the customer's text, with that text at `at` (a JSON pointer). */
  const ROUTES: {
    what: string;
    at: string;
    send: (text: string) => Promise<{ status: number; body: never }>;
  }[] = [
    {
      what: 'favourite name',
      at: '/name',
      send: (name) =>
        post(app, '/api/favorite/v1/add', who.headers, {
          flowId: 'payment.bpjs',
          name,
          form: { sourceOfFund, customerNumber: '0001234567890' },
        }) as never,
    },
    {
      what: "beneficiary's nickname (a saved recipient renamed)",
      at: '/name',
      send: (name) => post(app, '/api/favorite/v1/update', who.headers, { id: recipientId, name }) as never,
    },
    {
      what: 'goal name',
      at: '/form/name',
      send: (name) =>
        post(app, '/api/transaction/v1/inquiry', who.headers, {
          flowId: 'goal.create',
          form: {
            name,
            category: 'travel',
            targetAmount: 6_000_000_00,
            targetDate: addDays(bankDate(), 200),
            sourceOfFund,
            monthlyAmount: 1_000_000_00,
            dayOfMonth: 10,
          },
        }) as never,
    },
    {
      what: 'mailbox message',
      at: '/message',
      send: (message) =>
        post(app, '/api/mailbox/v1/compose', who.headers, {
          topic: 'card',
          subject: 'Pertanyaan limit',
          message,
          idempotencyKey: randomUUID(),
        }) as never,
    },
    {
      what: "chat's alias (the chat service's disconnect)",
      at: '/alias',
      send: async (alias) => {
        const res = await app.inject({
          method: 'POST',
          url: chat.url,
          payload: { alias, secureKey: chat.secureKey, userId: chat.userId },
        });
        return { status: res.statusCode, body: res.json() as never };
      },
    },
  ];

  /** What the routes above store: row counts, the saved recipient's name, whether the chat is open. */
  const stored = async () => ({
    counts: await writeCounts(db, STORES),
    recipient: (
      await db.query<{ name: string }>('SELECT name FROM favorites WHERE id = $1', [Number(recipientId)])
    ).rows[0]?.name,
    chatOpen: (
      await db.query<{ open: boolean }>(
        'SELECT ended_at IS NULL AS open FROM live_chats WHERE chat_id = $1',
        [chat.chatId],
      )
    ).rows[0]?.open,
  });

  it.each(BAD)(
    'refuses %s in every stored text with 400 INVALID_REQUEST in both languages, storing nothing',
    async (_, text) => {
      const before = await stored();
      expect(before.chatOpen).toBe(true);
      for (const route of ROUTES) {
        const res = await route.send(text);
        expect(res.status, route.what).toBe(400);
        const apierror = (res.body as { apierror: Record<string, unknown> }).apierror;
        expect(apierror, route.what).toMatchObject({
          sourceSystem: 'CLICKS',
          errorCode: 'INVALID_REQUEST',
          errorMessageEng: 'Your request cannot be processed. Please check your input.',
          errorMessageIdn: 'Permintaan Anda tidak dapat diproses. Silakan periksa kembali data Anda.',
          fields: {
            [route.at]: {
              eng: 'contains a character that is not allowed',
              idn: 'berisi karakter yang tidak diizinkan',
            },
          },
        });
        // What the customer sees, through the one error catalogue: the field's message in their language.
        const en = seenIn('en', res.status, apierror as never);
        const id = seenIn('id', res.status, apierror as never);
        expect(en, route.what).toMatchObject({
          kind: 'inline',
          title: 'Invalid request',
          fields: { [route.at]: 'contains a character that is not allowed' },
        });
        expect(id, route.what).toMatchObject({
          kind: 'inline',
          title: 'Permintaan tidak valid',
          fields: { [route.at]: 'berisi karakter yang tidak diizinkan' },
        });
      }
      expect(await stored()).toEqual(before);
    },
  );

  it('refuses them in keys, query strings, path parameters and form bodies too, echoing no bad character', async () => {
    const key = await post(app, '/api/transaction/v1/inquiry', who.headers, {
      flowId: 'transfer.own',
      form: { 'catatan\ud800': 'x' },
    });
    expect(key.status).toBe(400);
    expect(key.body.apierror.fields).toEqual({
      '/form/catatan\ufffd': {
        eng: 'contains a character that is not allowed',
        idn: 'berisi karakter yang tidak diizinkan',
      },
    });
    const query = await app.inject({
      method: 'GET',
      url: '/api/dev/v1/outbox?phone=%2B62%1B',
      headers: who.headers,
    });
    expect(query.statusCode).toBe(400);
    expect(Object.keys(query.json().apierror.fields)).toEqual(['/query/phone']);
    const param = await app.inject({
      method: 'POST',
      url: chat.url.replace(chat.chatId, `${chat.chatId}%7F`),
      payload: { alias: 'a', secureKey: chat.secureKey, userId: chat.userId },
    });
    expect(param.statusCode).toBe(400);
    expect(Object.keys(param.json().apierror.fields)).toEqual(['/params/chatId']);
    const form = await app.inject({
      method: 'POST',
      url: chat.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        alias: 'Ibu\u0085',
        secureKey: chat.secureKey,
        userId: chat.userId,
      }).toString(),
    });
    expect(form.statusCode).toBe(400);
    expect(Object.keys(form.json().apierror.fields)).toEqual(['/alias']);
    expect((await stored()).chatOpen).toBe(true);
  });

  it('still takes well-formed text: emoji, Indonesian, and lines in a mailbox message', async () => {
    const name = 'Tabungan Ibu 👩‍👧 Ñ';
    const fav = await ROUTES[0]!.send(name);
    expect(fav.status).toBe(200);
    expect((fav.body as { name: string }).name).toBe(name);
    const renamed = await ROUTES[1]!.send('Sari 🏠 kos Depok');
    expect(renamed.status).toBe(200);
    expect((await stored()).recipient).toBe('Sari 🏠 kos Depok');
    expect((await ROUTES[2]!.send('Liburan ke Bali')).status).toBe(200);
    // Right-to-left text, with its marks, is text (a mailbox message: goal names are Latin letters).
    expect((await ROUTES[3]!.send('Dana umroh untuk عبد الله\u200F, terima kasih')).status).toBe(200);
    const message = 'Selamat pagi,\r\nmohon info limit kartu saya 🙏\n\tTerima kasih.';
    const sent = await ROUTES[3]!.send(message);
    expect(sent.status).toBe(200);
    const { rows } = await db.query<{ body_idn: string }>(
      'SELECT body_idn FROM mailbox_messages WHERE id = $1',
      [Number((sent.body as { id: string }).id)],
    );
    expect(rows[0]!.body_idn).toBe(message.trim());
    expect((await ROUTES[4]!.send('Budi 😀')).status).toBe(200);
    expect((await stored()).chatOpen).toBe(false);
  });
});
