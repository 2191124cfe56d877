import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import type { Db } from '../../../src/server/db/db';
import { testDbs } from '../test-db';
import { client, makeCustomer, writeCounts } from '../auth/fixtures';

process.env.ARGON2_FAST = '1';

const bpjs = { sourceOfFund: '1', customerNumber: '0001234567890' };

describe.each(testDbs)('favourites on $name', ({ open }) => {
  let db: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await open();
    app = await buildApp({ db });
    await makeCustomer(db, { userId: 'favuser01', password: 'Fav@2026xx' });
    await makeCustomer(db, { userId: 'favuser02', password: 'Fav@2026yy' });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const loggedIn = async (userId: string, password: string) => {
    const c = client(app);
    expect((await c.post('/api/v1/login', { userId, password })).statusCode).toBe(200);
    return c;
  };

  it('saves a flow form under a name, lists it, and refuses the same name twice', async () => {
    const c = await loggedIn('favuser01', 'Fav@2026xx');
    const add = await c.post('/api/favorite/v1/add', {
      flowId: 'payment.bpjs',
      name: 'BPJS Ibu',
      form: bpjs,
    });
    expect(add.statusCode).toBe(200);
    expect(add.json()).toMatchObject({ flowId: 'payment.bpjs', name: 'BPJS Ibu', form: bpjs });
    const again = await c.post('/api/favorite/v1/add', {
      flowId: 'payment.bpjs',
      name: 'BPJS Ibu',
      form: bpjs,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().apierror.errorCode).toBe('FAVORITE_NAME_TAKEN');
    const list = await c.post('/api/favorite/v1/list', {});
    expect(list.json().favorites).toHaveLength(1);
  });

  it("checks the form against the flow's own schema and writes nothing for bad input", async () => {
    const c = await loggedIn('favuser01', 'Fav@2026xx');
    const before = await writeCounts(db);
    const badForm = await c.post('/api/favorite/v1/add', {
      flowId: 'payment.bpjs',
      name: 'Wrong',
      form: { sourceOfFund: '1', customerNumber: 'abc' },
    });
    expect(badForm.statusCode).toBe(400);
    expect(badForm.json().apierror.fields['/form/customerNumber']).toBeDefined();
    const unknownFlow = await c.post('/api/favorite/v1/add', { flowId: 'nope', name: 'x', form: {} });
    expect(unknownFlow.statusCode).toBe(400);
    const emptyName = await c.post('/api/favorite/v1/add', {
      flowId: 'payment.bpjs',
      name: '   ',
      form: bpjs,
    });
    expect(emptyName.statusCode).toBe(400);
    const extra = await c.post('/api/favorite/v1/add', {
      flowId: 'payment.bpjs',
      name: 'a',
      form: bpjs,
      x: 1,
    });
    expect(extra.statusCode).toBe(400);
    expect(await writeCounts(db)).toEqual(before);
  });

  it("never shows or deletes another customer's favourite", async () => {
    const owner = await loggedIn('favuser01', 'Fav@2026xx');
    const other = await loggedIn('favuser02', 'Fav@2026yy');
    const { id } = (await owner.post('/api/favorite/v1/list', {})).json().favorites[0];
    expect((await other.post('/api/favorite/v1/list', {})).json().favorites).toEqual([]);
    const steal = await other.post('/api/favorite/v1/delete', { id });
    expect(steal.statusCode).toBe(404);
    expect((await owner.post('/api/favorite/v1/delete', { id })).json()).toEqual({ deleted: true });
    expect((await owner.post('/api/favorite/v1/list', {})).json().favorites).toEqual([]);
  });

  it("renames a favourite, refuses another favourite's name, and cannot touch another customer's", async () => {
    const c = await loggedIn('favuser02', 'Fav@2026yy');
    const add = (name: string) =>
      c.post('/api/favorite/v1/add', { flowId: 'payment.bpjs', name, form: bpjs });
    const mother = (await add('BPJS Ibu')).json();
    await add('BPJS Ayah');
    const renamed = await c.post('/api/favorite/v1/update', { id: mother.id, name: '  BPJS Mama ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: mother.id, name: 'BPJS Mama', form: bpjs });
    // Its own name again is no clash.
    expect((await c.post('/api/favorite/v1/update', { id: mother.id, name: 'BPJS Mama' })).statusCode).toBe(
      200,
    );
    const clash = await c.post('/api/favorite/v1/update', { id: mother.id, name: 'BPJS Ayah' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().apierror).toMatchObject({
      errorCode: 'FAVORITE_NAME_TAKEN',
      errorTitleIdn: 'Nama sudah dipakai',
    });
    const stranger = await loggedIn('favuser01', 'Fav@2026xx');
    const before = await writeCounts(db);
    for (const body of [
      { id: mother.id, name: '   ' },
      { id: mother.id, name: 'x'.repeat(36) },
      { id: 'abc', name: 'ok' },
      { id: mother.id },
      { id: mother.id, name: 'ok', form: {} },
    ])
      expect((await c.post('/api/favorite/v1/update', body)).statusCode).toBe(400);
    const theirs = await stranger.post('/api/favorite/v1/update', { id: mother.id, name: 'Mine now' });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().apierror.errorCode).toBe('FAVORITE_NOT_FOUND');
    expect(await writeCounts(db)).toEqual(before);
    expect(
      (await c.post('/api/favorite/v1/list', {})).json().favorites.map((f: { name: string }) => f.name),
    ).toEqual(['BPJS Ayah', 'BPJS Mama']);
  });

  it('refuses visitors', async () => {
    const res = await client(app).post('/api/favorite/v1/list', {});
    expect(res.statusCode).toBe(401);
  });
});
