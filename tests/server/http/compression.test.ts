import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CSP_NONCE_PLACEHOLDER } from '../../../src/shared/csp';
import { precompress } from '../../../scripts/precompress';
import { testDbs, useTestApp } from '../../kit';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as sent, still encoded. */
  raw: Buffer;
  /** The body decoded as its content-encoding says. */
  text: string;
}

/** A plain HTTP request over a socket, with exactly the Accept-Encoding given (fetch would add its own). */
function get(base: string, url: string, acceptEncoding?: string, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}${url}`,
      { method, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const enc = res.headers['content-encoding'];
          const body = enc === 'br' ? brotliDecompressSync(raw) : enc === 'gzip' ? gunzipSync(raw) : raw;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text: body.toString('utf8') });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

// A built app as `npm run build` leaves it: a page template with the nonce placeholder, a script
// with its brotli and gzip copies written by the build step (scripts/precompress.ts).
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i % 37}`))};\n`;
const PAGE = `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">
<script type="module" crossorigin src="/assets/main-abc123.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script>
<title>OCTO Internet Banking</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(20)}</body></html>`;

describe.each(testDbs)('compressed delivery over HTTP on $name', (engine) => {
  let base: string;
  const dist = path.join(os.tmpdir(), `dist-compress-${process.pid}-${Date.now().toString(36)}`);
  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), PAGE);
    writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), SCRIPT);
    expect(await precompress(dist)).toBe(1);
  });
  const t = useTestApp({ engine, staticDir: dist, listen: true });
  beforeAll(() => {
    base = t.baseUrl;
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('sends a built script as brotli, gzip or plain, as the browser asks, and the same script each time', async () => {
    const br = await get(base, '/assets/main-abc123.js', 'gzip, deflate, br');
    const gz = await get(base, '/assets/main-abc123.js', 'gzip');
    const plain = await get(base, '/assets/main-abc123.js');
    expect([br.headers['content-encoding'], gz.headers['content-encoding']]).toEqual(['br', 'gzip']);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const a of [br, gz, plain]) {
      expect(a.status).toBe(200);
      expect(a.text).toBe(SCRIPT);
      expect(a.headers['vary']).toMatch(/accept-encoding/i);
      expect(a.headers['cache-control']).toContain('immutable');
      expect(a.headers['content-type']).toMatch(/javascript/);
    }
    expect(br.raw.length).toBeLessThan(SCRIPT.length / 4);
    expect(gz.raw.length).toBeLessThan(SCRIPT.length / 4);
  });

  it('fills the page with a new nonce per response, the one its CSP names, and compresses it', async () => {
    const [a, b] = [await get(base, '/login/', 'br, gzip'), await get(base, '/dashboard/', 'gzip')];
    expect(a.headers['content-encoding']).toBe('br');
    expect(b.headers['content-encoding']).toBe('gzip');
    const nonces = [a, b].map((res) => {
      const csp = String(res.headers['content-security-policy']);
      const styleSrc = /style-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(styleSrc).not.toContain('unsafe-inline');
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(styleSrc)?.[1];
      expect(nonce).toBeTruthy();
      expect(res.text).not.toContain(CSP_NONCE_PLACEHOLDER);
      expect(res.text).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      expect(res.headers['cache-control']).toBe('no-cache');
      return nonce;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('never serves a page as its template', async () => {
    const res = await get(base, '/index.html');
    expect(res.text).not.toContain(CSP_NONCE_PLACEHOLDER);
  });

  it('compresses API answers that pay for it and sends small ones as they are', async () => {
    const big = await get(base, '/api/docs/json', 'br, gzip');
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(big.text).openapi).toMatch(/^3\./);
    const gz = await get(base, '/api/docs/json', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const small = await get(base, '/api/nope', 'br, gzip', 'POST');
    expect(small.status).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.text).apierror).toBeTruthy();
    // JSON renders no style: the API's CSP names no nonce.
    expect(String(small.headers['content-security-policy'])).not.toContain('nonce-');
  });
});

describe('the built pages', () => {
  it('carry the placeholder the server fills in (vite.config.ts writes it, static-apps.ts replaces it)', () => {
    const config = readFileSync(path.resolve(import.meta.dirname, '../../../vite.config.ts'), 'utf8');
    expect(config).toContain(`cspNonce: '${CSP_NONCE_PLACEHOLDER}'`);
  });
});
