import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Serves the three built apps; unknown non-API paths get the owning app's index.html (client routing). */
export default async function staticApps(app: FastifyInstance, opts: { root: string }) {
  const root = path.resolve(opts.root);
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'built apps not found: run `npm run build`');
    return;
  }
  await app.register(fastifyStatic, { root, wildcard: false, index: false, cacheControl: false });
  const immutable = /\/assets\//;
  app.addHook('onSend', async (request, reply) => {
    if (immutable.test(request.url)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  const entry = (url: string) =>
    url.startsWith('/register')
      ? 'register/index.html'
      : url.startsWith('/m/') || url === '/m'
        ? 'm/index.html'
        : 'index.html';
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/')) return reply.callNotFound();
    const file = path.join(root, path.normalize(url));
    if (file.startsWith(root) && !url.endsWith('/') && existsSync(file) && !file.endsWith('.html')) {
      return reply.sendFile(path.relative(root, file));
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile(entry(url));
  });
}
