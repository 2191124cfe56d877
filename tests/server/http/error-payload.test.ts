import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import {
  BANNER_DISMISSAL_SCRIPT,
  DEFERRED_SCRIPTS_LOADER,
  SIGNED_IN_FRAME_SCRIPT,
} from '../../../src/shared/csp';
import { customerWithSession, testDbs, useTestApp } from '../../kit';

describe.each(testDbs)('HTTP basics on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ engine });
  beforeAll(async () => {
    ({ app, db } = t);
  });

  it('answers an unknown API path with a 404 apierror payload and no-store', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/nope/v1/nothing', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json().apierror).toMatchObject({ sourceSystem: 'CLICKS', errorCode: 'NOT_FOUND' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sends a strict Content-Security-Policy without unsafe-eval or inline script', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it("lets a page run three inline scripts, the prerendered page's script loader, banner check and visitor check, named by their hashes", async () => {
    const res = await app.inject({ method: 'GET', url: '/no-such-page/' });
    const csp = String(res.headers['content-security-policy']);
    const hash = (s: string) => createHash('sha256').update(s).digest('base64');
    expect(csp).toContain(
      `script-src 'self' 'sha256-${hash(DEFERRED_SCRIPTS_LOADER)}' 'sha256-${hash(BANNER_DISMISSAL_SCRIPT)}' 'sha256-${hash(SIGNED_IN_FRAME_SCRIPT)}';`,
    );
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|nonce-)/);
  });

  it('serves the OpenAPI document', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });

  it('rejects malformed JSON with the apierror payload, not a stack trace', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/nope/v1/nothing',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toMatch(/\n\s+at /);
    expect(res.json().apierror.errorCode).toBeTruthy();
  });

  it("names a broken rule of a route's own schema in both languages, never in ajv's wording", async () => {
    const c = await customerWithSession(db);
    const res = await app.inject({
      method: 'POST',
      url: '/api/transaction/v1/confirm',
      headers: c.headers,
      payload: { inquiryId: 'x', idempotencyKey: 'not a key!' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().apierror).toMatchObject({
      errorCode: 'INVALID_REQUEST',
      fields: { '/idempotencyKey': { eng: 'is not in the right format', idn: 'formatnya tidak sesuai' } },
    });
    expect(res.body).not.toMatch(/must (match|be|have)/);
  });
});
