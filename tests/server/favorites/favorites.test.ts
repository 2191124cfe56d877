import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { bothEngines, client, itOnOneEngine, makeCustomer, useTestApp, writeCounts } from '../../kit';

/** A BPJS form paid from the customer's own savings account (ids per customer, set in beforeAll). */
const bpjsOf: Record<string, { sourceOfFund: string; customerNumber: string }> = {};

// Issue 17 item 9: a favourite names only the customer's own accounts. The owner check reads the
// account's int8 owner back through each driver's own parser (pg and PGlite differ): on both engines.
// The rest (names, schema, canonical ids refused before any SQL) is the same on both: one engine.
describe.each(bothEngines)('favourites on $name', (engine) => {
  const { name } = engine;
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ engine });
  beforeAll(async () => {
    ({ app, db } = t);
    for (const [userId, password, accountNo] of [
      ['favuser01', 'Fav@2026xx', '800900000101'],
      ['favuser02', 'Fav@2026yy', '800900000202'],
    ] as const) {
      const { id } = await makeCustomer(db, { userId, password, casa: [{ accountNo }] });
      const { rows } = await db.query<{ id: number }>(`SELECT id FROM accounts WHERE customer_id = $1`, [id]);
      bpjsOf[userId] = { sourceOfFund: String(rows[0]!.id), customerNumber: '0001234567890' };
    }
  });

  const loggedIn = async (userId: string, password: string) => {
    const c = client(app);
    expect((await c.post('/api/v1/login', { userId, password })).statusCode).toBe(200);
    return c;
  };

  itOnOneEngine(name)(
    'saves a flow form under a name, lists it, and refuses the same name twice',
    async () => {
      const c = await loggedIn('favuser01', 'Fav@2026xx');
      const add = await c.post('/api/favorite/v1/add', {
        flowId: 'payment.bpjs',
        name: 'BPJS Ibu',
        form: bpjsOf.favuser01!,
      });
      expect(add.statusCode).toBe(200);
      expect(add.json()).toMatchObject({ flowId: 'payment.bpjs', name: 'BPJS Ibu', form: bpjsOf.favuser01! });
      const again = await c.post('/api/favorite/v1/add', {
        flowId: 'payment.bpjs',
        name: 'BPJS Ibu',
        form: bpjsOf.favuser01!,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().apierror.errorCode).toBe('FAVORITE_NAME_TAKEN');
      const list = await c.post('/api/favorite/v1/list', {});
      expect(list.json().favorites).toHaveLength(1);
    },
  );

  itOnOneEngine(name)(
    "checks the form against the flow's own schema and writes nothing for bad input",
    async () => {
      const c = await loggedIn('favuser01', 'Fav@2026xx');
      const before = await writeCounts(db);
      const badForm = await c.post('/api/favorite/v1/add', {
        flowId: 'payment.bpjs',
        name: 'Wrong',
        form: { ...bpjsOf.favuser01!, customerNumber: 'abc' },
      });
      expect(badForm.statusCode).toBe(400);
      expect(badForm.json().apierror.fields['/form/customerNumber']).toBeDefined();
      const unknownFlow = await c.post('/api/favorite/v1/add', { flowId: 'nope', name: 'x', form: {} });
      expect(unknownFlow.statusCode).toBe(400);
      const emptyName = await c.post('/api/favorite/v1/add', {
        flowId: 'payment.bpjs',
        name: '   ',
        form: bpjsOf.favuser01!,
      });
      expect(emptyName.statusCode).toBe(400);
      const extra = await c.post('/api/favorite/v1/add', {
        flowId: 'payment.bpjs',
        name: 'a',
        form: bpjsOf.favuser01!,
        x: 1,
      });
      expect(extra.statusCode).toBe(400);
      expect(await writeCounts(db)).toEqual(before);
    },
  );

  itOnOneEngine(name)("never shows or deletes another customer's favourite", async () => {
    const owner = await loggedIn('favuser01', 'Fav@2026xx');
    const other = await loggedIn('favuser02', 'Fav@2026yy');
    const { id } = (await owner.post('/api/favorite/v1/list', {})).json().favorites[0];
    expect((await other.post('/api/favorite/v1/list', {})).json().favorites).toEqual([]);
    const steal = await other.post('/api/favorite/v1/delete', { id });
    expect(steal.statusCode).toBe(404);
    expect((await owner.post('/api/favorite/v1/delete', { id })).json()).toEqual({ deleted: true });
    expect((await owner.post('/api/favorite/v1/list', {})).json().favorites).toEqual([]);
  });

  itOnOneEngine(name)(
    "renames a favourite, refuses another favourite's name, and cannot touch another customer's",
    async () => {
      const c = await loggedIn('favuser02', 'Fav@2026yy');
      const add = (name: string) =>
        c.post('/api/favorite/v1/add', { flowId: 'payment.bpjs', name, form: bpjsOf.favuser02! });
      const mother = (await add('BPJS Ibu')).json();
      await add('BPJS Ayah');
      const renamed = await c.post('/api/favorite/v1/update', { id: mother.id, name: '  BPJS Mama ' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ id: mother.id, name: 'BPJS Mama', form: bpjsOf.favuser02! });
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
    },
  );

  itOnOneEngine(name)('refuses visitors', async () => {
    const res = await client(app).post('/api/favorite/v1/list', {});
    expect(res.statusCode).toBe(401);
  });

  it("refuses a favourite naming another customer's account, writing nothing", async () => {
    const c = await loggedIn('favuser01', 'Fav@2026xx');
    const before = await writeCounts(db);
    const res = await c.post('/api/favorite/v1/add', {
      flowId: 'payment.bpjs',
      name: 'Not mine',
      form: { ...bpjsOf.favuser01!, sourceOfFund: bpjsOf.favuser02!.sourceOfFund },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().apierror.errorCode).toBe('ACCOUNT_NOT_ALLOWED');
    expect(res.json().apierror.fields['/form/sourceOfFund']).toBeDefined();
    expect(await writeCounts(db)).toEqual(before);
    // Its own account passes the same check.
    const mine = await c.post('/api/favorite/v1/add', {
      flowId: 'payment.bpjs',
      name: 'Mine',
      form: bpjsOf.favuser01!,
    });
    expect(mine.statusCode).toBe(200);
  });

  itOnOneEngine(name)(
    'refuses an account id not in its canonical form, in a favourite and an inquiry',
    async () => {
      const c = await loggedIn('favuser01', 'Fav@2026xx');
      const before = await writeCounts(db);
      const own = bpjsOf.favuser01!.sourceOfFund;
      for (const sourceOfFund of [`0${own}`, ` ${own}`, `0x${Number(own).toString(16)}`, `${own}.0`]) {
        const res = await c.post('/api/favorite/v1/add', {
          flowId: 'payment.bpjs',
          name: `Try ${sourceOfFund}`,
          form: { ...bpjsOf.favuser01!, sourceOfFund },
        });
        expect(res.statusCode, JSON.stringify(sourceOfFund)).toBe(422);
        expect(res.json().apierror.errorCode).toBe('ACCOUNT_NOT_ALLOWED');
        expect(res.json().apierror.fields['/form/sourceOfFund']).toBeDefined();
      }
      expect(await writeCounts(db)).toEqual(before);
      // The inquiry reads account ids the same way.
      const inquiry = await c.post('/api/transaction/v1/inquiry', {
        flowId: 'payment.bpjs',
        form: { ...bpjsOf.favuser01!, sourceOfFund: `0${own}` },
      });
      expect(inquiry.statusCode).toBe(422);
      expect(inquiry.json().apierror.errorCode).toBe('ACCOUNT_NOT_ALLOWED');
    },
  );
});
