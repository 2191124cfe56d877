import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { parse as parseQuery } from 'node:querystring';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, invalidRequest } from '../http/api-error';

const emptyBody = { type: 'object', additionalProperties: false, properties: {} } as const;

/** Where the chat service lives: the built-in stand-in until CHAT_SERVICE_URL names the bank's. */
export const CHAT_SERVICE_BASE = '/standins/chat-service';
const chatServiceUrl = () => (process.env.CHAT_SERVICE_URL || CHAT_SERVICE_BASE).replace(/\/$/, '');

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const sameHash = (a: string, b: string) => timingSafeEqual(Buffer.from(a), Buffer.from(b));

const chatNotFound = () =>
  new ApiError(404, 'LIVECHAT', 'CHAT_NOT_FOUND', {
    titleEng: 'Chat not found',
    titleIdn: 'Chat tidak ditemukan',
    messageEng: 'This chat has already ended.',
    messageIdn: 'Chat ini sudah berakhir.',
  });

function sessionOf(request: FastifyRequest) {
  const s = request.session;
  if (!s) throw new Error('authenticated route reached without a session');
  return s;
}

const chatResponse = {
  type: 'object',
  required: ['usersettingsresponse'],
  properties: {
    usersettingsresponse: {
      type: 'object',
      required: ['liveChatUrl', 'chatId', 'alias', 'secureKey', 'userId', 'chatServiceUrl'],
      properties: {
        liveChatUrl: { type: 'string' },
        // The live-chat message's keys (spec section 3): the browser keeps them to disconnect at logout.
        chatId: { type: 'string' },
        alias: { type: 'string' },
        secureKey: { type: 'string' },
        userId: { type: 'string' },
        chatServiceUrl: { type: 'string' },
      },
    },
  },
} as const;

/**
 * Live chat after login (spec section 7): the chat URL for the signed-in customer with the chat's
 * keys, closing it (the panel's close button), and the stand-in chat service's disconnect call that
 * the browser makes at logout ({chat-service}/{chatId}/disconnect, form-encoded). The built-in chat
 * page serves until LIVECHAT_URL names the bank's.
 */
export default async function chatRoutes(app: FastifyInstance): Promise<void> {
  // Only this plugin's routes take form bodies (the chat service's disconnect).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => done(null, parseQuery(body as string)),
  );

  app.post(
    '/api/usersettings/v1/geturllivechatafterlogin',
    {
      preHandler: app.requireSession,
      schema: {
        body: { type: 'object', additionalProperties: false, properties: { lang: { enum: ['en', 'id'] } } },
        response: { 200: chatResponse },
      },
    },
    async (request) => {
      const lang = (request.body as { lang?: string } | undefined)?.lang ?? 'id';
      const session = sessionOf(request);
      const { rows } = await app.db.query<{
        user_id: string;
        display_name: string | null;
        full_name: string;
      }>('SELECT user_id, display_name, full_name FROM customers WHERE id = $1', [session.customerId]);
      const customer = rows[0]!;
      const chatId = randomBytes(12).toString('hex');
      const secureKey = randomBytes(24).toString('base64url');
      const alias = (customer.display_name || customer.full_name).slice(0, 40);
      await app.db.transaction(async (tx) => {
        // One open chat per session: a reopened panel starts a new chat.
        await tx.query(
          `UPDATE live_chats SET ended_at = now(), end_reason = 'replaced' WHERE session_id = $1 AND ended_at IS NULL`,
          [session.id],
        );
        await tx.query(
          `INSERT INTO live_chats (chat_id, customer_id, session_id, alias, user_id, secure_key_hash)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [chatId, session.customerId, session.id, alias, customer.user_id, sha256(secureKey)],
        );
      });
      const url = process.env.LIVECHAT_URL || '/standins/livechat/';
      return {
        usersettingsresponse: {
          liveChatUrl: `${url}${url.includes('?') ? '&' : '?'}lang=${lang}&session=after-login&chatId=${chatId}`,
          chatId,
          alias,
          secureKey,
          userId: customer.user_id,
          chatServiceUrl: chatServiceUrl(),
        },
      };
    },
  );

  // Closing the panel ends the session's chat.
  app.post(
    '/api/usersettings/v1/geturllivechatclose',
    {
      preHandler: app.requireSession,
      schema: {
        body: emptyBody,
        response: {
          200: {
            type: 'object',
            required: ['usersettingsresponse'],
            properties: {
              usersettingsresponse: {
                type: 'object',
                required: ['closed'],
                properties: { closed: { type: 'boolean' } },
              },
            },
          },
        },
      },
    },
    async (request) => {
      await app.db.query(
        `UPDATE live_chats SET ended_at = now(), end_reason = 'close' WHERE session_id = $1 AND ended_at IS NULL`,
        [sessionOf(request).id],
      );
      return { usersettingsresponse: { closed: true } };
    },
  );

  // The stand-in chat service: the disconnect call of spec section 7. No bearer token (the chat
  // service is another system); the chat's secure key proves the caller.
  app.post(
    `${CHAT_SERVICE_BASE}/:chatId/disconnect`,
    {
      schema: {
        hide: true,
        params: {
          type: 'object',
          required: ['chatId'],
          properties: { chatId: { type: 'string', pattern: '^[0-9a-f]{24}$' } },
        },
        body: {
          type: 'object',
          required: ['alias', 'secureKey', 'userId'],
          properties: {
            alias: { type: 'string', maxLength: 100 },
            secureKey: { type: 'string', minLength: 1, maxLength: 100 },
            userId: { type: 'string', maxLength: 40 },
          },
        },
      },
    },
    async (request) => {
      const { chatId } = request.params as { chatId: string };
      const body = request.body as { alias: unknown; secureKey: unknown; userId: unknown };
      if (typeof body.secureKey !== 'string' || typeof body.userId !== 'string') throw invalidRequest();
      const { rows } = await app.db.query<{
        secure_key_hash: string;
        user_id: string;
        ended_at: Date | null;
      }>('SELECT secure_key_hash, user_id, ended_at FROM live_chats WHERE chat_id = $1', [chatId]);
      const chat = rows[0];
      if (!chat || chat.user_id !== body.userId || !sameHash(chat.secure_key_hash, sha256(body.secureKey)))
        throw chatNotFound();
      if (!chat.ended_at)
        await app.db.query(
          `UPDATE live_chats SET ended_at = now(), end_reason = 'disconnect' WHERE chat_id = $1 AND ended_at IS NULL`,
          [chatId],
        );
      return { disconnected: true };
    },
  );
}
