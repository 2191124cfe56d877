import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import type { Db } from '../../../src/server/db/db';
import {
  balanceOf,
  customerWithSession,
  insertAccount,
  post as call,
  testDbs,
  type Answer,
  type Customer,
} from '../../kit';
import { SoftwareAuthenticator } from '../../kit/passkeys/software-authenticator';
import { TEST_ORIGIN, enrolPasskey } from '../../kit/passkeys/enrol';

// A passkey as a transaction's verification: the signature binds the inquiry; every refusal books nothing.

const rp = (n: number) => n * 100;
const key = () => `pk-${Math.random().toString(36).slice(2)}${Date.now()}`;

describe.each(testDbs)('passkey verification of transactions on $name', ({ open }) => {
  let db: Db;
  let app: FastifyInstance;
  let budi: Customer;
  let savings: { id: number; accountNo: string };
  let sari: { accountNo: string };
  let device: SoftwareAuthenticator;

  const journals = async () =>
    Number(
      (
        await db.query<{ n: string }>('SELECT count(*) AS n FROM journal WHERE customer_id = $1', [
          budi.customerId,
        ])
      ).rows[0]!.n,
    );

  /** A same-bank transfer to Sari quoted and a passkey request over it: the request's options. */
  async function quoted(amount = rp(10_000), who: Customer = budi) {
    const inquiry = await call(app, '/api/transaction/v1/inquiry', who.headers, {
      flowId: 'transfer.samebank',
      form: {
        sourceOfFund: String(savings.id),
        beneficiaryAccountNo: sari.accountNo,
        purpose: 'family',
        amount,
      },
    });
    expect(inquiry.status).toBe(200);
    if (inquiry.body.fdsRequired)
      await call(app, '/api/transaction/v1/fds-challenge', who.headers, {
        inquiryId: inquiry.body.inquiryId,
        confirmed: true,
      });
    const ver = await call(app, '/api/transaction/v1/verification', who.headers, {
      inquiryId: inquiry.body.inquiryId,
      method: 'passkey',
    });
    expect(ver.status).toBe(200);
    expect(ver.body.method).toBe('passkey');
    return { inquiry: inquiry.body, options: ver.body.passkey.options };
  }

  const confirm = (inquiryId: string, passkey: unknown, idempotencyKey = key()) =>
    call(app, '/api/transaction/v1/confirm', budi.headers, { inquiryId, idempotencyKey, passkey });

  /** Refused with `code`, and nothing booked. */
  async function refusedWith(res: Answer, code: string, before: number) {
    expect(res.body.apierror?.errorCode).toBe(code);
    expect(res.body.apierror.errorMessageIdn).toBeTruthy();
    expect(res.body.apierror.errorMessageEng).toBeTruthy();
    expect(await journals()).toBe(before);
  }

  beforeAll(async () => {
    db = await open();
    app = await buildApp({ db });
    budi = await customerWithSession(db);
    savings = await insertAccount(db, budi.customerId, { balance: rp(50_000_000) });
    const s = await customerWithSession(db);
    sari = await insertAccount(db, s.customerId, { balance: rp(1_000) });
    device = new SoftwareAuthenticator(TEST_ORIGIN);
    const enrolled = await enrolPasskey(app, db, budi, device, 'Laptop');
    expect(enrolled.status).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('offers a passkey only to a customer who has one, and books a transfer signed by it', async () => {
    const { inquiry, options } = await quoted();
    expect(inquiry.passkeyEnrolled).toBe(true);
    expect(options.userVerification).toBe('required');
    expect(options.rpId).toBe('localhost');
    const before = await balanceOf(db, savings.id);
    const receipt = await confirm(inquiry.inquiryId, device.get(options));
    expect(receipt.status).toBe(200);
    expect(receipt.body.status).toBe('success');
    expect(await balanceOf(db, savings.id)).toBe(before - rp(10_000));
    const other = await customerWithSession(db);
    const ask = await call(app, '/api/transaction/v1/inquiry', other.headers, {
      flowId: 'transfer.own',
      form: {},
    });
    expect(ask.body.passkeyEnrolled).not.toBe(true);
  });

  it('books a bill payment signed by the passkey', async () => {
    const inquiry = await call(app, '/api/transaction/v1/inquiry', budi.headers, {
      flowId: 'payment.bpjs',
      form: { sourceOfFund: String(savings.id), customerNumber: '0001234561234' },
    });
    expect(inquiry.status).toBe(200);
    if (inquiry.body.fdsRequired)
      await call(app, '/api/transaction/v1/fds-challenge', budi.headers, {
        inquiryId: inquiry.body.inquiryId,
        confirmed: true,
      });
    const ver = await call(app, '/api/transaction/v1/verification', budi.headers, {
      inquiryId: inquiry.body.inquiryId,
      method: 'passkey',
    });
    const receipt = await confirm(inquiry.body.inquiryId, device.get(ver.body.passkey.options));
    expect(receipt.status).toBe(200);
    expect(['success', 'pending']).toContain(receipt.body.status);
  });

  it('refuses a replayed assertion (the same receipt only for the key that booked it)', async () => {
    const { inquiry, options } = await quoted();
    const signed = device.get(options);
    const first = key();
    expect((await confirm(inquiry.inquiryId, signed, first)).status).toBe(200);
    const before = await journals();
    await refusedWith(await confirm(inquiry.inquiryId, signed), 'PASSKEY_REPLAYED', before);
    const again = await confirm(inquiry.inquiryId, signed, first);
    expect(again.status).toBe(200);
    expect(await journals()).toBe(before);
  });

  it("refuses a signature over another inquiry's challenge", async () => {
    const a = await quoted();
    const b = await quoted(rp(20_000));
    const before = await journals();
    await refusedWith(
      await confirm(b.inquiry.inquiryId, device.get(a.options)),
      'PASSKEY_OTHER_TRANSACTION',
      before,
    );
    // The challenge is derived from the inquiry: a quote changed behind it no longer matches.
    await db.query(
      `UPDATE transaction_inquiries SET quote = jsonb_set(quote, '{beneficiary}', '"999"') WHERE id = $1`,
      [b.inquiry.inquiryId],
    );
    await refusedWith(
      await confirm(b.inquiry.inquiryId, device.get(b.options)),
      'PASSKEY_OTHER_TRANSACTION',
      before,
    );
  });

  it('refuses a wrong origin, a wrong RP id and a device that did not verify the customer', async () => {
    const before = await journals();
    const { inquiry, options } = await quoted();
    await refusedWith(
      await confirm(inquiry.inquiryId, device.get(options, { origin: 'https://bank.example.evil' })),
      'PASSKEY_ORIGIN',
      before,
    );
    await refusedWith(
      await confirm(inquiry.inquiryId, device.get(options, { rpId: 'evil.example' })),
      'PASSKEY_ORIGIN',
      before,
    );
    await refusedWith(
      await confirm(inquiry.inquiryId, device.get(options, { userVerified: false })),
      'PASSKEY_NO_UV',
      before,
    );
    // None of them used the challenge up: the right answer still books.
    expect((await confirm(inquiry.inquiryId, device.get(options))).status).toBe(200);
  });

  it('refuses an expired challenge and an unknown credential', async () => {
    const before = await journals();
    const { inquiry, options } = await quoted();
    const stranger = new SoftwareAuthenticator(TEST_ORIGIN);
    stranger.create({
      ...options,
      user: { id: 'eA', name: 'x', displayName: 'x' },
      rp: { name: 'x' },
      pubKeyCredParams: [],
    });
    await refusedWith(await confirm(inquiry.inquiryId, stranger.get(options)), 'PASSKEY_UNKNOWN', before);
    await db.query(
      `UPDATE passkey_challenges SET expires_at = now() - interval '1 second' WHERE subject = $1`,
      [inquiry.inquiryId],
    );
    await refusedWith(await confirm(inquiry.inquiryId, device.get(options)), 'PASSKEY_EXPIRED', before);
  });

  it('flags a cloned authenticator (its counter went back) and refuses it from then on', async () => {
    const clone = new SoftwareAuthenticator(TEST_ORIGIN);
    const who = budi;
    const enrolled = await enrolPasskey(app, db, who, clone, 'Phone');
    expect(enrolled.status).toBe(200);
    const { inquiry, options } = await quoted();
    expect((await confirm(inquiry.inquiryId, clone.get(options))).status).toBe(200);
    const before = await journals();
    const next = await quoted();
    await refusedWith(
      await confirm(next.inquiry.inquiryId, clone.get(next.options, { counter: 1 })),
      'PASSKEY_CLONED',
      before,
    );
    const list = await call(app, '/api/passkeys/v1/list', who.headers, {});
    expect(list.body.passkeys.find((p: { name: string }) => p.name === 'Phone').blocked).toBe(true);
    const later = await quoted();
    await refusedWith(
      await confirm(later.inquiry.inquiryId, clone.get(later.options)),
      'PASSKEY_CLONED',
      before,
    );
  });
});
