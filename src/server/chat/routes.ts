import type { FastifyInstance } from 'fastify';

const emptyBody = { type: 'object', additionalProperties: false, properties: {} } as const;

/**
 * Live chat after login (spec section 7): the chat URL for the signed-in customer, and closing it at
 * logout. The built-in chat page (the registration stand-ins) serves until LIVECHAT_URL names the bank's.
 */
export default async function chatRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/usersettings/v1/geturllivechatafterlogin',
    {
      preHandler: app.requireSession,
      schema: {
        body: { type: 'object', additionalProperties: false, properties: { lang: { enum: ['en', 'id'] } } },
        response: {
          200: {
            type: 'object',
            required: ['usersettingsresponse'],
            properties: {
              usersettingsresponse: {
                type: 'object',
                required: ['liveChatUrl'],
                properties: { liveChatUrl: { type: 'string' } },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const lang = (request.body as { lang?: string } | undefined)?.lang ?? 'id';
      const url = process.env.LIVECHAT_URL || '/standins/livechat/';
      return {
        usersettingsresponse: {
          liveChatUrl: `${url}${url.includes('?') ? '&' : '?'}lang=${lang}&session=after-login`,
        },
      };
    },
  );

  // Closing the panel or logging out ends the customer's chat; the stand-in keeps no chat state.
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
    async () => ({ usersettingsresponse: { closed: true } }),
  );
}
