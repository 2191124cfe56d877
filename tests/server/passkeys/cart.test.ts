import { describe, expect, it } from 'vitest';
import { customerWithSession, insertAccount, post, testDbs, useTestApp, type Customer } from '../../kit';
import { SoftwareAuthenticator } from '../../kit/passkeys/software-authenticator';
import { TEST_ORIGIN, enrolPasskey } from '../../kit/passkeys/enrol';

// The cart's one verification by passkey: one signature over every item as quoted; replays and other
// carts' signatures refused with nothing booked.

const rp = (n: number) => n * 100;

describe.each(testDbs)("the cart's passkey on $name", (engine) => {
  const t = useTestApp({ engine });

  async function cartOfTwo() {
    const who = await customerWithSession(t.db);
    const savings = await insertAccount(t.db, who.customerId, { balance: rp(5_000_000) });
    const current = await insertAccount(t.db, who.customerId, { product: 'current', balance: rp(1_000) });
    for (const amount of [rp(10_000), rp(20_000)]) {
      const added = await post(t.app, '/api/cart/v1/add', who.headers, {
        flowId: 'transfer.own',
        form: { sourceOfFund: String(savings.id), beneficiaryAccount: String(current.id), amount },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    }
    const device = new SoftwareAuthenticator(TEST_ORIGIN);
    expect((await enrolPasskey(t.app, t.db, who, device)).status).toBe(200);
    return { who, device };
  }
  const journals = async (who: Customer) =>
    Number(
      (
        await t.db.query<{ n: string }>('SELECT count(*) AS n FROM journal WHERE customer_id = $1', [
          who.customerId,
        ])
      ).rows[0]!.n,
    );

  it('books every item after one signature over the whole cart', async () => {
    const { who, device } = await cartOfTwo();
    const ver = await post(t.app, '/api/cart/v1/verification', who.headers, { method: 'passkey' });
    expect(ver.status, JSON.stringify(ver.body)).toBe(200);
    expect(ver.body.method).toBe('passkey');
    const signed = device.get(ver.body.passkey.options);
    const done = await post(t.app, '/api/cart/v1/confirm', who.headers, {
      checkoutId: ver.body.checkoutId,
      passkey: signed,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.results.map((r: { status: string }) => r.status)).toEqual(['success', 'success']);
    expect(await journals(who)).toBe(2);
  });

  it("refuses another cart's signature and a replayed one, booking nothing", async () => {
    const { who, device } = await cartOfTwo();
    const first = await post(t.app, '/api/cart/v1/verification', who.headers, { method: 'passkey' });
    const signed = device.get(first.body.passkey.options);
    // A new verification of the cart: the first one's signature is for another cart verification.
    const second = await post(t.app, '/api/cart/v1/verification', who.headers, { method: 'passkey' });
    const other = await post(t.app, '/api/cart/v1/confirm', who.headers, {
      checkoutId: second.body.checkoutId,
      passkey: signed,
    });
    expect(other.body.apierror?.errorCode).toBe('PASSKEY_OTHER_TRANSACTION');
    expect(await journals(who)).toBe(0);
    const good = device.get(second.body.passkey.options);
    expect(
      (
        await post(t.app, '/api/cart/v1/confirm', who.headers, {
          checkoutId: second.body.checkoutId,
          passkey: good,
        })
      ).status,
    ).toBe(200);
    expect(await journals(who)).toBe(2);
    // The booked verification's signature again: the same results, nothing booked twice.
    const replay = await post(t.app, '/api/cart/v1/confirm', who.headers, {
      checkoutId: second.body.checkoutId,
      passkey: good,
    });
    expect(replay.status).toBe(200);
    expect(await journals(who)).toBe(2);
  });

  it('refuses a cart signature used to confirm a single transaction', async () => {
    const { who, device } = await cartOfTwo();
    const ver = await post(t.app, '/api/cart/v1/verification', who.headers, { method: 'passkey' });
    const signed = device.get(ver.body.passkey.options);
    const { rows } = await t.db.query<{ inquiry_id: string }>(
      'SELECT inquiry_id FROM cart_items WHERE customer_id = $1 ORDER BY id LIMIT 1',
      [who.customerId],
    );
    const inquiryId = rows[0]!.inquiry_id;
    await post(t.app, '/api/transaction/v1/verification', who.headers, { inquiryId, method: 'passkey' });
    const res = await post(t.app, '/api/transaction/v1/confirm', who.headers, {
      inquiryId,
      idempotencyKey: 'cart-signature-0001',
      passkey: signed,
    });
    expect(res.body.apierror?.errorCode).toBe('PASSKEY_OTHER_TRANSACTION');
    expect(await journals(who)).toBe(0);
  });
});
