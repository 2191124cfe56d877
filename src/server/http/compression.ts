import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { constants } from 'node:zlib';

/**
 * Compresses what is worth it on the fly, negotiated per request (brotli, else gzip): JSON and text
 * answers of 1 KiB and more (the dashboard's and history's lists, the OpenAPI document, the pages'
 * HTML); the confirm's few hundred bytes go as they are. Brotli at quality 4 and gzip at 6 cost
 * about a millisecond a 100 KB answer; the built apps' files are compressed once, at build time
 * (scripts/vite/precompress.ts), and served as they are (static-apps.ts). Request bodies are never
 * inflated: the input guard sees what the client sent.
 */
export default fp(async function compression(app: FastifyInstance) {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    globalDecompression: false,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
});
