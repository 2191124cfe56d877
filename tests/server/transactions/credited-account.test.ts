import { describe, expect, it } from 'vitest';
import { customerWithSession, insertAccount, post, testDbs, useTestApp, transact } from '../../kit';

const rp = (n: number) => n * 100;

// The account a transaction credits by id (posting.credit.accountId) is checked against its flow's
// choice as the account it debits is (src/server/transactions/account-reads.ts accountChoiceAllows): a
// posted id the page's list would not offer is refused, not booked.
describe.each(testDbs)('the own account a transaction credits, on $name', (engine) => {
  const t = useTestApp({ engine, demo: false });

  const refusal = async (headers: Record<string, string>, flowId: string, form: Record<string, unknown>) => {
    const r = await post(t.app, '/api/transaction/v1/inquiry', headers, { flowId, form });
    return {
      status: r.status,
      code: r.body.apierror?.errorCode,
      fields: Object.keys(r.body.apierror?.fields ?? {}),
    };
  };

  it("a card payment pays only one of the customer's cards", async () => {
    const c = await customerWithSession(t.db);
    const source = await insertAccount(t.db, c.customerId, { balance: rp(5_000_000) });
    const savings = await insertAccount(t.db, c.customerId, { balance: 0 });
    const card = await insertAccount(t.db, c.customerId, {
      balance: 0,
      product: 'credit_card',
      name: 'Kartu Kredit',
    });
    const form = { sourceOfFund: String(source.id), amount: rp(250_000) };
    expect(
      await refusal(c.headers, 'payment.credit-card-own', { ...form, card: String(savings.id) }),
    ).toEqual({
      status: 422,
      code: 'ACCOUNT_NOT_ALLOWED',
      fields: ['/form/card'],
    });
    const paid = await transact(t.app, t.db, c, 'payment.credit-card-own', {
      ...form,
      card: String(card.id),
    });
    expect(paid.receipt.status, JSON.stringify(paid.receipt.body)).toBe(200);
  });

  it("a loan's money goes only to a rupiah savings or current account, and not to a goal's", async () => {
    const c = await customerWithSession(t.db);
    const loan = await insertAccount(t.db, c.customerId, {
      balance: rp(10_000_000),
      product: 'loan',
      name: 'Octoloan',
    });
    const dollars = await insertAccount(t.db, c.customerId, { balance: 0, currency: 'USD' });
    const goal = await insertAccount(t.db, c.customerId, { balance: 0 });
    await t.db.query(`UPDATE accounts SET details = jsonb_build_object('goalId', 1) WHERE id = $1`, [
      goal.id,
    ]);
    const rupiah = await insertAccount(t.db, c.customerId, { balance: 0, product: 'current' });
    const form = { loan: String(loan.id), amount: rp(1_000_000) };
    for (const to of [dollars, goal])
      expect(
        await refusal(c.headers, 'loan.octoloan-withdrawal', { ...form, beneficiaryAccount: String(to.id) }),
      ).toEqual({
        status: 422,
        code: 'ACCOUNT_NOT_ALLOWED',
        fields: ['/form/beneficiaryAccount'],
      });
    const { rows } = await t.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM ledger_entries WHERE account_id = ANY($1::bigint[])`,
      [[dollars.id, goal.id]],
    );
    expect(Number(rows[0]!.n)).toBe(0);
    const drawn = await transact(t.app, t.db, c, 'loan.octoloan-withdrawal', {
      ...form,
      beneficiaryAccount: String(rupiah.id),
    });
    expect(drawn.receipt.status, JSON.stringify(drawn.receipt.body)).toBe(200);
  });
});
