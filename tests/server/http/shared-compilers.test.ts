import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { serverOptions } from '../../../src/server/static-app';

// Route schemas are compiled once per process (src/server/http/shared-compilers.ts): an app must still
// get what its own schemas, its own shared schemas and Fastify's default would give it.

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

/** An app whose shared schema `money` allows at most `max`, with a route taking { amount: money }. */
async function appWithMax(max: number, respond: Record<string, unknown> = { amount: 1, extra: 'x' }) {
  const app = Fastify(serverOptions({}));
  apps.push(app);
  app.addSchema({ $id: 'https://example.test/money.json', type: 'integer', maximum: max });
  app.post(
    '/pay',
    {
      schema: {
        body: {
          type: 'object',
          required: ['amount'],
          properties: { amount: { $ref: 'https://example.test/money.json' } },
        },
        response: { 200: { type: 'object', properties: { amount: { type: 'integer' } } } },
      },
    },
    async () => respond,
  );
  await app.ready();
  return app;
}

const pay = (app: FastifyInstance, amount: number) =>
  app.inject({ method: 'POST', url: '/pay', payload: { amount } });

describe('route schemas compiled once per process', () => {
  it('a route with the same schema text but other shared schemas validates against its own', async () => {
    const small = await appWithMax(10);
    const large = await appWithMax(1000);
    expect((await pay(small, 500)).statusCode).toBe(400);
    expect((await pay(large, 500)).statusCode).toBe(200);
    expect((await pay(small, 5)).statusCode).toBe(200);
  });

  it('a second app with the same schemas answers as the first, its answer serialized by the schema', async () => {
    const first = await appWithMax(10);
    const second = await appWithMax(10, { amount: 7, extra: 'dropped' });
    expect((await pay(first, 11)).statusCode).toBe(400);
    expect((await pay(second, 11)).statusCode).toBe(400);
    expect((await pay(second, 3)).json()).toEqual({ amount: 7 });
  });

  it("an $id one app's schema names is not seen by another app's (each Ajv keeps its own ids)", async () => {
    const named = Fastify(serverOptions({}));
    apps.push(named);
    const amount = { $id: 'https://example.test/amount.json', type: 'integer', maximum: 10 };
    named.post('/pay', { schema: { body: { type: 'object', properties: { amount } } } }, async () => ({}));
    await named.ready();
    expect((await pay(named, 500)).statusCode).toBe(400);
    const other = Fastify(serverOptions({}));
    apps.push(other);
    const ref = { $ref: 'https://example.test/amount.json' };
    other.post(
      '/pay',
      { schema: { body: { type: 'object', properties: { amount: ref } } } },
      async () => ({}),
    );
    await expect(other.ready()).rejects.toThrow(/can't resolve reference/);
  });

  it('refuses a headers schema, whose names Fastify would lower-case only with its own compiler', async () => {
    const app = Fastify(serverOptions({}));
    apps.push(app);
    app.get(
      '/h',
      { schema: { headers: { type: 'object', properties: { 'X-Token': { type: 'string' } } } } },
      async () => ({}),
    );
    await expect(app.ready()).rejects.toThrow(/headers schema/);
  });
});
