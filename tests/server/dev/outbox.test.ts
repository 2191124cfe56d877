import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import type { Db } from '../../../src/server/db/db';
import { testDbs } from '../test-db';
import { insertCustomer, uniquePhone } from '../otp/fixtures';

describe.each(testDbs)('development SMS outbox on $name', ({ open }) => {
  let db: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await open();
    app = await buildApp({ db });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('lists the messages sent to a phone, newest first', async () => {
    const phone = uniquePhone();
    const c = await insertCustomer(db, { phones: [phone, uniquePhone()] });
    await app.otp.issue(db, { customerId: c.customerId, phoneId: c.phoneIds[0]!, purpose: 'test' });
    await app.sms.send(phone, 'second <b>message</b>');
    await app.otp.issue(db, { customerId: c.customerId, phoneId: c.phoneIds[1]!, purpose: 'test' });
    const res = await app.inject({
      method: 'GET',
      url: `/api/dev/v1/outbox?phone=${encodeURIComponent(phone)}`,
    });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { phone: string; text: string; createdAt: string }[];
    expect(list).toHaveLength(2);
    expect(list[0]!.text).toBe('second <b>message</b>');
    expect(list[1]!.text).toMatch(/Kode OTP \d{6} \(Ref [A-Z]{4}\)/);
    expect(list.every((m) => m.phone === phone && !Number.isNaN(Date.parse(m.createdAt)))).toBe(true);
  });

  it('shows an HTML page with the messages escaped and no script', async () => {
    const phone = uniquePhone();
    await app.sms.send(phone, 'hello <script>alert(1)</script>');
    const res = await app.inject({ method: 'GET', url: `/dev/outbox?phone=${encodeURIComponent(phone)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('hello &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body).not.toContain('<script');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('does not exist outside demo and test mode', async () => {
    const saved = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    const prod = await buildApp({ db, demo: false });
    try {
      expect((await prod.inject({ method: 'GET', url: '/api/dev/v1/outbox' })).statusCode).toBe(404);
      expect((await prod.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    } finally {
      process.env.NODE_ENV = saved;
      await prod.close();
    }
  });
});
