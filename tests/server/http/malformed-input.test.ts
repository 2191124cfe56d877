import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { loadFlowsOrThrow } from '../../../src/shared/flows/load-node';
import { customerWithSession, insertAccount, sessionHeaders, testDbs, useTestApp } from '../../kit';

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; items?: Schema };
type Operation = {
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  parameters?: { in: string; name: string }[];
};

/**
 * Values of every other JSON type than the schema's, and the edges that break naive code for its own
 * type (numbers past 2^53 or out of range for an integer field, NUL or 100,000 characters for a string).
 */
function wrongValues(s: Schema | undefined): unknown[] {
  const types = new Set([s?.type ?? []].flat());
  const any = types.size === 0;
  const out: unknown[] = [null, {}, [], { $ne: 1 }, true];
  if (any || types.has('string')) out.push("' OR 1=1 --", '\u0000', 'x'.repeat(100_000));
  else out.push('12');
  if (any || types.has('number') || types.has('integer')) out.push(-1, 1e308, 2 ** 63, 0.5);
  else out.push(12);
  return out;
}

// Every route the OpenAPI document names, fed bodies of the wrong shape: the answer is always the
// apierror payload with a 4xx, never a 500 or a stack trace.
describe.each(testDbs)('malformed input on every route on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let paths: Record<string, Record<string, Operation>>;
  let web: Record<string, string>;
  let mobile: Record<string, string>;

  const t = useTestApp({ engine });
  beforeAll(async () => {
    ({ app, db } = t);
    paths = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
    const c = await customerWithSession(db);
    await insertAccount(db, c.customerId, { balance: 1_000_000_00 });
    web = c.headers;
    mobile = await sessionHeaders(db, c.customerId, 'mobile');
  }, 60_000);

  it('refuses a NUL character anywhere in a request (PostgreSQL cannot store one), naming where it is', async () => {
    const inquiry = await app.inject({
      method: 'POST',
      url: '/api/transaction/v1/inquiry',
      headers: web,
      payload: { flowId: 'transfer.own', form: { message: 'kos\u0000' } },
    });
    expect(inquiry.statusCode).toBe(400);
    expect(inquiry.json().apierror).toMatchObject({
      errorCode: 'INVALID_REQUEST',
      fields: {
        '/form/message': {
          eng: 'contains a character that is not allowed',
          idn: 'berisi karakter yang tidak diizinkan',
        },
      },
    });
    const query = await app.inject({ method: 'GET', url: '/api/dev/v1/outbox?phone=%2B62%00', headers: web });
    expect(query.statusCode).toBe(400);
    expect(Object.keys(query.json().apierror.fields)).toEqual(['/query/phone']);
  });

  it('answers each with a 4xx apierror', async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const [path, ops] of Object.entries(paths)) {
      // Event streams stay open (their refusals are tested with the approvals); logout would end the sessions.
      if (!path.startsWith('/api/') || path.includes('logout') || path.endsWith('/events')) continue;
      for (const [method, op] of Object.entries(ops)) {
        const t0 = Date.now();
        const schema = op.requestBody?.content?.['application/json']?.schema;
        const bodies: unknown[] = [{}, [], 'text', 42, null];
        for (const [prop, ps] of Object.entries(schema?.properties ?? {}))
          for (const v of wrongValues(ps)) bodies.push({ [prop]: v });
        // A flow's form, field by field, through the web session only: a companion-app session is
        // refused before the body is read, which the shape-wide bodies above prove on every route.
        const formBodies: unknown[] = [];
        if (schema?.properties?.flowId && schema.properties.form)
          for (const { flow, schemas } of loadFlowsOrThrow())
            for (const [field, fs] of Object.entries((schemas[flow.form.schema] as Schema).properties ?? {}))
              for (const v of wrongValues(fs)) formBodies.push({ flowId: flow.id, form: { [field]: v } });
        for (const headers of [web, mobile]) {
          const all = headers === web ? [...bodies, ...formBodies] : bodies;
          for (const body of method === 'get' ? [undefined] : all) {
            const query = (op.parameters ?? []).filter((p) => p.in === 'query');
            const queries =
              method === 'get' && query.length ? ['', ...query.map((p) => `?${p.name}=%00%27`)] : [''];
            for (const q of queries) {
              tried++;
              const res = await app.inject({
                method: method.toUpperCase() as 'GET' | 'POST',
                url: path.replace(/\{[^}]+\}/g, 'x%27') + q,
                headers: { ...headers, 'content-type': 'application/json' },
                payload: body === undefined ? undefined : JSON.stringify(body),
              });
              if (res.headers['content-type']?.toString().includes('text/event-stream')) continue;
              const ok =
                res.statusCode < 500 &&
                !/\n\s+at /.test(res.body) &&
                (res.statusCode < 400 || !!res.json().apierror?.errorCode);
              if (!ok)
                failures.push(
                  `${method.toUpperCase()} ${path}${q} ${JSON.stringify(body)?.slice(0, 80)} -> ${res.statusCode} ${res.body.slice(0, 200)}`,
                );
            }
          }
        }
        if (process.env.FUZZ_TIMES) console.log(Date.now() - t0, method, path);
      }
    }
    expect(tried).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 300_000);
});
