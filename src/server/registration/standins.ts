import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const pagesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pages');
const page = (name: string) => readFileSync(path.join(pagesDir, name), 'utf8');

/** Where the built-in stand-ins live; a real deployment points the env vars at the real services. */
export const STANDIN_BASE = '/standins';
export const ONBOARDING_SUCCESS_MESSAGE = 'OctoOnlineOnboardingSuccessfullyLoaded';

export interface OnboardingConfig {
  baseUrl: string;
  imageCheckUrl: string;
  merchantCode: string;
}

export function onboardingConfig(env = process.env): OnboardingConfig {
  const baseUrl = (env.ONBOARDING_BASE_URL || `${STANDIN_BASE}/onboarding`).replace(/\/$/, '');
  return {
    baseUrl,
    imageCheckUrl: env.ONBOARDING_IMAGE_CHECK_URL || `${baseUrl}/ping.gif`,
    merchantCode: env.ONBOARDING_MERCHANT_CODE || 'OCTOWEB',
  };
}

// 1x1 transparent GIF
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Pre-login live chat, the onboarding configuration, and the stand-in chat and onboarding pages. */
export default async function standinRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/usersettings/v1/non/geturllivechatbeforelogin',
    {
      schema: {
        body: { type: 'object', additionalProperties: false, properties: { lang: { enum: ['en', 'id'] } } },
      },
    },
    async (request) => {
      const lang = (request.body as { lang?: string } | undefined)?.lang ?? 'id';
      const url = process.env.LIVECHAT_URL || `${STANDIN_BASE}/livechat/`;
      return { usersettingsresponse: { liveChatUrl: `${url}${url.includes('?') ? '&' : '?'}lang=${lang}` } };
    },
  );

  app.post(
    '/api/v1/registration/onboarding/config',
    { schema: { body: { type: 'object', additionalProperties: false, properties: {} } } },
    async () => onboardingConfig(),
  );

  // The microsite's root: '/register' is the registration base at '/register/'.
  app.get('/register', { schema: { hide: true } }, async (_req, reply) => reply.redirect('/register/', 301));

  // Their style elements carry the response's CSP nonce (src/server/http/security-headers.ts).
  const html =
    (name: string) =>
    async (req: { cspNonce: string }, reply: { type: (t: string) => { send: (b: string) => unknown } }) =>
      reply
        .type('text/html; charset=utf-8')
        .send(page(name).replaceAll('<style>', `<style nonce="${req.cspNonce}">`));
  app.get(`${STANDIN_BASE}/livechat/`, { schema: { hide: true } }, html('livechat.html'));
  app.get(`${STANDIN_BASE}/livechat.js`, { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').send(page('livechat.js')),
  );
  app.get(`${STANDIN_BASE}/onboarding/open-account`, { schema: { hide: true } }, html('onboarding.html'));
  app.get(
    `${STANDIN_BASE}/onboarding/continue-registration`,
    { schema: { hide: true } },
    html('onboarding.html'),
  );
  app.get(`${STANDIN_BASE}/onboarding.js`, { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').send(page('onboarding.js')),
  );
  app.get(`${STANDIN_BASE}/onboarding/ping.gif`, { schema: { hide: true } }, async (_req, reply) =>
    reply.type('image/gif').header('Cache-Control', 'no-store').send(PIXEL),
  );
  if (app.demo) {
    // Demo/test only: an image that never arrives, to show the onboarding time-out screen.
    app.get(`${STANDIN_BASE}/onboarding/stall.gif`, { schema: { hide: true } }, (request, reply) => {
      const timer = setTimeout(() => reply.code(504).send(), 60_000);
      request.raw.on('close', () => clearTimeout(timer));
    });
  }
}
