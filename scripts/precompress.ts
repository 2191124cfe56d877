// Writes `name.br` and `name.gz` beside every compressible built file (scripts, styles, SVG, JSON,
// source text), so the server sends them compressed as they are, negotiated per request
// (@fastify/static `preCompressed`), at the best ratio, at no cost per request. Pages (*.html) are
// left out: the server fills in a nonce per response and compresses them then. Called by the
// `precompress` Vite plugin (scripts/vite/precompress.ts) after each app's build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map|webmanifest|xml)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 512;

const br = promisify(brotliCompress);
const gz = promisify(gzip);

function filesUnder(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .map((f) => path.join(dir, String(f)))
    .filter((f) => COMPRESSIBLE.test(f) && statSync(f).isFile());
}

/** Compresses what changed since its copies were written; returns how many files it compressed. */
export async function precompress(dir: string): Promise<number> {
  if (!existsSync(dir)) return 0;
  const todo = filesUnder(dir).filter((file) => {
    const { size, mtimeMs } = statSync(file);
    if (size < MIN_BYTES) return false;
    return ['.br', '.gz'].some((ext) => !existsSync(file + ext) || statSync(file + ext).mtimeMs < mtimeMs);
  });
  // zlib's asynchronous calls run on libuv's thread pool: the files compress in parallel.
  await Promise.all(
    todo.map(async (file) => {
      const data = await readFile(file);
      const [brotli, gzipped] = await Promise.all([
        br(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        }),
        gz(data, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, brotli), writeFile(`${file}.gz`, gzipped)]);
    }),
  );
  return todo.length;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const dir = path.resolve(process.argv[2] ?? 'dist');
  console.log(`precompress: ${await precompress(dir)} file(s) in ${dir}`);
}
