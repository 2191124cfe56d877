import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import type { Db } from '../../../src/server/db/db';
import { sendEmail } from '../../../src/server/alerts/email-outbox';
import { insertCustomer, testDbs, uniquePhone, useTestApp } from '../../kit';

describe.each(testDbs)('development SMS and e-mail outboxes on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ engine });
  beforeAll(async () => {
    ({ app, db } = t);
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

  it('lists the e-mails sent to an address, newest first, and shows them on a page, escaped', async () => {
    const address = `budi.${Date.now()}@example.co.id`;
    await sendEmail(db, {
      address,
      subject: 'Notifikasi / Alert',
      body: 'Transfer Rp 10.000\n\nTransfer IDR 10,000',
    });
    await sendEmail(db, { address: 'other@example.co.id', subject: 'Other', body: 'not for Budi' });
    await sendEmail(db, { address, subject: 'Login <b>baru</b>', body: 'hello <script>alert(1)</script>' });
    const res = await app.inject({
      method: 'GET',
      url: `/api/dev/v1/email-outbox?address=${encodeURIComponent(address.toUpperCase())}`,
    });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { address: string; subject: string; body: string; createdAt: string }[];
    expect(list.map((m) => m.subject)).toEqual(['Login <b>baru</b>', 'Notifikasi / Alert']);
    expect(list[1]!.body).toBe('Transfer Rp 10.000\n\nTransfer IDR 10,000');
    expect(list.every((m) => m.address === address && !Number.isNaN(Date.parse(m.createdAt)))).toBe(true);

    const page = await app.inject({
      method: 'GET',
      url: `/dev/email-outbox?address=${encodeURIComponent(address)}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Login &lt;b&gt;baru&lt;/b&gt;');
    expect(page.body).toContain('hello &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).toContain('Transfer Rp 10.000\n\nTransfer IDR 10,000');
    expect(page.body).not.toContain('not for Budi');
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('href="/dev/outbox"');
    // Its one style element carries the response's CSP nonce.
    const nonce = /'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    expect(page.body).toContain(`<style nonce="${nonce}">`);
  });

  it('does not exist outside demo and test mode', async () => {
    const saved = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    const prod = await buildApp({ db, demo: false });
    try {
      expect((await prod.inject({ method: 'GET', url: '/api/dev/v1/outbox' })).statusCode).toBe(404);
      expect((await prod.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
      expect((await prod.inject({ method: 'GET', url: '/api/dev/v1/email-outbox' })).statusCode).toBe(404);
      expect((await prod.inject({ method: 'GET', url: '/dev/email-outbox' })).statusCode).toBe(404);
    } finally {
      process.env.NODE_ENV = saved;
      await prod.close();
    }
  });
});
