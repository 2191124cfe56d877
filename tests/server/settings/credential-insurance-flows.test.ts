import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { insertCard } from '../cards/fixtures';
import { PASSWORD, credentialCustomer } from './credential-fixtures';
import {
  balanceOf,
  customerWithSession,
  insertAccount,
  latestCode,
  post,
  testDbs,
  transact,
  unbalancedJournals,
  useTestApp,
} from '../../kit';

async function liveSessions(db: Db, customerId: number) {
  const { rows } = await db.query<{ n: string }>(
    'SELECT count(*) AS n FROM sessions WHERE customer_id = $1 AND ended_at IS NULL',
    [customerId],
  );
  return Number(rows[0]!.n);
}

describe.each(testDbs)('credential, insurance, KSEI, Octo Loan flows and the CVV on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ engine, demo: false });
  beforeAll(async () => {
    ({ app, db } = t);
    await app.ready();
  }, 240_000);

  it('changes the e-mail with the password and an OTP and logs out every other session; the same e-mail again is refused', async () => {
    const c = await credentialCustomer(db);
    expect(await liveSessions(db, c.customerId)).toBe(2);
    const r = await transact(app, db, c, 'settings.change-email', {
      newEmail: 'budi.baru@example.co.id',
      currentPassword: PASSWORD,
    });
    expect(r.receipt.status).toBe(200);
    expect(r.receipt.body.details.newValue).toBe('bu*******@example.co.id');
    expect(await liveSessions(db, c.customerId)).toBe(1);
    const { rows } = await db.query('SELECT email FROM customers WHERE id = $1', [c.customerId]);
    expect(rows[0]).toEqual({ email: 'budi.baru@example.co.id' });
    const again = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'settings.change-email',
      form: { newEmail: 'BUDI.baru@example.co.id', currentPassword: PASSWORD },
    });
    expect(again.status).toBe(422);
    expect(again.body.apierror).toMatchObject({
      errorCode: 'SAME_AS_CURRENT',
      errorTitleIdn: 'Tidak ada perubahan',
    });
  });

  it('refuses a user ID already taken and a malformed secure word, nothing changed', async () => {
    const c = await credentialCustomer(db);
    const other = await customerWithSession(db);
    const taken = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'settings.change-user-id',
      form: { newUserId: other.userId, currentPassword: PASSWORD },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.apierror).toMatchObject({ errorCode: 'USER_ID_TAKEN' });
    const bad = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'settings.change-secure-word',
      form: { newSecureWord: 'abc123', currentPassword: PASSWORD },
    });
    expect(bad.status).toBe(400);
    const ok = await transact(app, db, c, 'settings.change-secure-word', {
      newSecureWord: 'KupuKupu',
      currentPassword: PASSWORD,
    });
    expect(ok.receipt.status).toBe(200);
  });

  it('records an insurance payout request once for an active policy of the customer', async () => {
    const c = await customerWithSession(db);
    const a = await insertAccount(db, c.customerId, { balance: 0 });
    const policyNo = `POL${Date.now()}`;
    await db.query(
      `INSERT INTO insurance_policies (policy_no, customer_id, provider, product, currency, sum_assured, premium, start_date)
       VALUES ($1, $2, 'SLFI', 'Sun Life Protection', 'IDR', 100000000000, 50000000, '2024-01-01')`,
      [policyNo, c.customerId],
    );
    const ok = await transact(app, db, c, 'insurance.payout', { policy: policyNo, account: String(a.id) });
    expect(ok.receipt.status).toBe(200);
    expect(ok.receipt.body.details).toMatchObject({ policyNo, insurer: 'SLFI' });
    const again = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'insurance.payout',
      form: { policy: policyNo, account: String(a.id) },
    });
    expect(again.status).toBe(409);
    const matured = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'insurance.withdrawal',
      form: { policy: 'NOPE', account: String(a.id) },
    });
    expect(matured.body.apierror).toMatchObject({ errorCode: 'POLICY_NOT_ELIGIBLE' });
  });

  it('records a KSEI transfer of an investor; without an investor account the custody dialog (KSEI 04), nothing recorded', async () => {
    const c = await customerWithSession(db);
    const form = {
      securityCode: 'FR0091',
      quantity: 10,
      destination: 'broker',
      destinationAccount: '12345678901234',
    };
    // Spec section 8: securities custody needs an investor account (SID and securities account).
    for (const [url, body] of [
      ['/api/transaction/v1/eligibility', {}],
      ['/api/transaction/v1/inquiry', { form }],
    ] as const) {
      const refused = await post(app, url, c.headers, { flowId: 'custody.ksei-transfer', ...body });
      expect(refused.status, url).toBe(422);
      expect(refused.body.apierror, url).toMatchObject({ sourceSystem: 'KSEI', errorCode: '04' });
    }
    await db.query(
      `INSERT INTO investor_accounts (customer_id, sid, securities_account_no, registered_at)
       VALUES ($1, $2, $3, now())`,
      [c.customerId, `IDD-TEST-${c.customerId}`, `CN-TEST-${c.customerId}`],
    );
    const bad = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'custody.ksei-transfer',
      form: { ...form, destinationAccount: '123' },
    });
    expect(bad.status).toBe(400);
    const ok = await transact(app, db, c, 'custody.ksei-transfer', form);
    expect(ok.receipt.status).toBe(200);
    const { rows } = await db.query(
      'SELECT count(*)::int AS n FROM service_requests WHERE customer_id = $1',
      [c.customerId],
    );
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('draws from the Octo Loan into savings up to what is available', async () => {
    const c = await customerWithSession(db);
    const loan = await insertAccount(db, c.customerId, {
      product: 'loan',
      balance: -4_000_000_000,
      floor: -6_000_000_000,
    });
    const savings = await insertAccount(db, c.customerId, { balance: 0 });
    const ok = await transact(app, db, c, 'loan.octoloan-withdrawal', {
      loan: String(loan.id),
      beneficiaryAccount: String(savings.id),
      amount: 1_500_000_000,
    });
    expect(ok.receipt.status).toBe(200);
    expect(Number(await balanceOf(db, savings.id))).toBe(1_500_000_000);
    const over = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'loan.octoloan-withdrawal',
      form: { loan: String(loan.id), beneficiaryAccount: String(savings.id), amount: 600_000_000 },
    });
    expect(over.status).toBe(422);
    expect(Number(await balanceOf(db, loan.id))).toBe(-5_500_000_000);
    expect(await unbalancedJournals(db)).toBe(0);
  });

  it('shows a CVV only after the OTP, the same each time, and never stores it', async () => {
    const c = await customerWithSession(db);
    const card = await insertCard(db, c);
    const list = await post(app, '/api/cards/v1/list', c.headers, {});
    expect(list.body.creditCards.map((x: { id: number }) => x.id)).toEqual([card.id]);
    const otp = await post(app, '/api/cards/v1/cvv/otp', c.headers, { card: card.id });
    expect(otp.status).toBe(200);
    const wrong = await post(app, '/api/cards/v1/cvv/reveal', c.headers, {
      card: card.id,
      requestId: otp.body.requestId,
      otp: '000000',
    });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    const code = await latestCode(db, c.phone);
    const shown = await post(app, '/api/cards/v1/cvv/reveal', c.headers, {
      card: card.id,
      requestId: otp.body.requestId,
      otp: code,
    });
    expect(shown.status).toBe(200);
    expect(shown.body.cvv).toMatch(/^\d{3}$/);
    expect(shown.body.showSeconds).toBe(30);
    const { rows } = await db.query('SELECT * FROM cvv_views WHERE account_id = $1', [card.id]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(`"${shown.body.cvv}"`);
  });
});

describe.each(testDbs)('mandatory form, policy update and debit card replacement on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ engine, demo: false });
  beforeAll(async () => {
    ({ app, db } = t);
    await app.ready();
  }, 240_000);

  it('records the mandatory form once, a policy update for an own policy, and a debit card replacement', async () => {
    const c = await customerWithSession(db);
    const form = {
      occupation: 'employee',
      incomeSource: 'salary',
      monthlyIncome: '5to15',
      accountPurpose: 'saving',
    };
    expect((await transact(app, db, c, 'settings.mandatory-form', form)).receipt.status).toBe(200);
    const twice = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'settings.mandatory-form',
      form,
    });
    expect(twice.status).toBe(409);
    const policyNo = `POL${Date.now()}U`;
    await db.query(
      `INSERT INTO insurance_policies (policy_no, customer_id, provider, product, currency, sum_assured, premium, start_date)
       VALUES ($1, $2, 'BA', 'AIA Link', 'IDR', 100000000000, 50000000, '2024-01-01')`,
      [policyNo, c.customerId],
    );
    const update = await transact(app, db, c, 'insurance.policy-update-ba', {
      policy: policyNo,
      change: 'email',
      newValue: 'budi@example.co.id',
    });
    expect(update.receipt.status).toBe(200);
    const a = await insertAccount(db, c.customerId, { balance: 0 });
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO atm_cards (account_id, card_last4, pin_hash) VALUES ($1, '9876', 'x') RETURNING id`,
      [a.id],
    );
    const replace = await transact(app, db, c, 'debitcard.replace', {
      card: String(rows[0]!.id),
      reason: 'damaged',
      branch: 'jkt',
    });
    expect(replace.receipt.status).toBe(200);
    expect(replace.receipt.body.details.cardNumber).toBe('•••• 9876');
  });
});

describe.each(testDbs)('BI-FAST aliases on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ engine, demo: false });
  beforeAll(async () => {
    ({ app, db } = t);
    await app.ready();
  }, 240_000);

  it('registers the mobile number as alias, refuses it twice, changes its account and removes it', async () => {
    const c = await customerWithSession(db);
    const a1 = await insertAccount(db, c.customerId, { balance: 0 });
    const a2 = await insertAccount(db, c.customerId, { balance: 0 });
    const reg = await transact(app, db, c, 'settings.bifast-alias-register', {
      kind: 'phone',
      account: String(a1.id),
    });
    expect(reg.receipt.status).toBe(200);
    const twice = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'settings.bifast-alias-register',
      form: { kind: 'phone', account: String(a2.id) },
    });
    expect(twice.body.apierror).toMatchObject({
      errorCode: 'ALIAS_ALREADY_REGISTERED',
      errorTitleIdn: 'Sudah terdaftar',
    });
    const list = await post(app, '/api/settings/v1/bifast-aliases', c.headers, {});
    const id = String(list.body.aliases[0].id);
    expect(list.body.aliases[0].accountNo).toBe(a1.accountNo);
    const same = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'settings.bifast-alias-change',
      form: { alias: id, account: String(a1.id) },
    });
    expect(same.body.apierror).toMatchObject({ errorCode: 'SAME_AS_CURRENT' });
    expect(
      (await transact(app, db, c, 'settings.bifast-alias-change', { alias: id, account: String(a2.id) }))
        .receipt.status,
    ).toBe(200);
    expect((await transact(app, db, c, 'settings.bifast-alias-remove', { alias: id })).receipt.status).toBe(
      200,
    );
    expect((await post(app, '/api/settings/v1/bifast-aliases', c.headers, {})).body.aliases).toEqual([]);
  });
});
