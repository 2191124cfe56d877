import type { Db, Queryable } from '../db/db';
import { hashSecret } from '../auth/password';
import { SEED_CLEARING } from '../core-bank/seed';

/** Holders of the bank who have not registered for internet banking yet (docs/registration-demo.md). */
export interface RegistrationHolder {
  cif: string;
  title: 'Mr.' | 'Ms.';
  fullName: string;
  dateOfBirth: string;
  phones: string[];
  email?: string;
  /** The core bank's text for a blocked CIF, in each language. */
  blockedText?: { en: string; id: string };
  /** The simulated mobile platform refuses this holder's app registration (partial success). */
  appRegistrationFails?: boolean;
  casa?: { accountNo: string; product: 'savings' | 'current'; atmCardLast4: string; atmPin: string };
  creditCard?: { cardNumber: string; status: 'active' | 'inactive'; temporaryPin?: string };
}

export const BLOCKED_CIF_TEXT = {
  en: 'Your customer data (CIF) is blocked. Please visit the nearest branch with your identity card.',
  id: 'Data nasabah (CIF) Anda diblokir. Silakan kunjungi kantor cabang terdekat dengan membawa kartu identitas.',
};

export const REGISTRATION_HOLDERS: RegistrationHolder[] = [
  {
    cif: 'REG0001',
    title: 'Mr.',
    fullName: 'Agus Pratama',
    dateOfBirth: '1987-03-21',
    phones: ['+6281311110001'],
    casa: { accountNo: '800100200301', product: 'savings', atmCardLast4: '4321', atmPin: '246810' },
  },
  {
    cif: 'REG0002',
    title: 'Ms.',
    fullName: 'Lestari Putri',
    dateOfBirth: '1992-07-09',
    phones: ['+6281311110002', '+6285611110002'],
    casa: { accountNo: '8001002003022', product: 'current', atmCardLast4: '8765', atmPin: '135790' },
  },
  {
    cif: 'REG0003',
    title: 'Mr.',
    fullName: 'Hendra Gunawan',
    dateOfBirth: '1980-12-02',
    phones: ['+6281311110003'],
    appRegistrationFails: true,
    casa: { accountNo: '800100200303', product: 'savings', atmCardLast4: '1111', atmPin: '975310' },
  },
  {
    cif: 'REG0004',
    title: 'Ms.',
    fullName: 'Wulan Sari',
    dateOfBirth: '1995-05-30',
    phones: ['+6281311110004'],
    casa: { accountNo: '800100200304', product: 'savings', atmCardLast4: '4444', atmPin: '864202' },
  },
  {
    cif: 'REG0005',
    title: 'Mr.',
    fullName: 'Rudi Hartono',
    dateOfBirth: '1985-04-12',
    phones: ['+6281311110005'],
    creditCard: { cardNumber: '4567890123456789', status: 'active' },
  },
  {
    cif: 'REG0006',
    title: 'Ms.',
    fullName: 'Maya Anggraini',
    dateOfBirth: '1990-11-23',
    phones: ['+6281311110006'],
    creditCard: { cardNumber: '5234567890123456', status: 'active' },
  },
  {
    cif: 'REG0007',
    title: 'Mr.',
    fullName: 'Joko Susilo',
    dateOfBirth: '1975-01-15',
    phones: ['+6281311110007'],
    blockedText: BLOCKED_CIF_TEXT,
    casa: { accountNo: '800100200307', product: 'savings', atmCardLast4: '7777', atmPin: '314159' },
  },
  {
    cif: 'REG0008',
    title: 'Ms.',
    fullName: 'Indah Permata',
    dateOfBirth: '1988-02-14',
    phones: ['+6281311110008'],
    creditCard: { cardNumber: '4111222233334444', status: 'inactive', temporaryPin: '202611' },
  },
  {
    cif: 'REG0009',
    title: 'Mr.',
    fullName: 'Teguh Santoso',
    dateOfBirth: '1979-08-17',
    phones: ['+6281311110009'],
    creditCard: { cardNumber: '4111555566667777', status: 'inactive', temporaryPin: '170845' },
  },
  {
    cif: 'REG0010',
    title: 'Ms.',
    fullName: 'Ratna Dewi',
    dateOfBirth: '1996-09-09',
    phones: ['+6281311110010'],
    creditCard: { cardNumber: '4111888899990000', status: 'inactive', temporaryPin: '550011' },
  },
];

async function seedHolder(tx: Queryable, h: RegistrationHolder): Promise<void> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO customers (cif, title, full_name, date_of_birth, email, cif_status, cif_blocked_text, cif_blocked_text_idn)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      h.cif,
      h.title,
      h.fullName,
      h.dateOfBirth,
      h.email ?? null,
      h.blockedText ? 'blocked' : 'active',
      h.blockedText?.en ?? null,
      h.blockedText?.id ?? null,
    ],
  );
  const customerId = rows[0]!.id;
  for (const phone of h.phones)
    await tx.query('INSERT INTO customer_phones (customer_id, phone) VALUES ($1, $2)', [customerId, phone]);
  if (h.appRegistrationFails)
    await tx.query('INSERT INTO registration_app_failures (customer_id) VALUES ($1)', [customerId]);
  if (h.casa) {
    const acct = await tx.query<{ id: number }>(
      `INSERT INTO accounts (account_no, customer_id, product, name, currency, balance)
       VALUES ($1, $2, $3, $4, 'IDR', 0) RETURNING id`,
      [h.casa.accountNo, customerId, h.casa.product, h.casa.product === 'savings' ? 'Tabungan' : 'Giro'],
    );
    await postOpeningBalance(tx, customerId, acct.rows[0]!.id, h.casa.accountNo, OPENING_BALANCE);
    await tx.query('INSERT INTO atm_cards (account_id, card_last4, pin_hash) VALUES ($1, $2, $3)', [
      acct.rows[0]!.id,
      h.casa.atmCardLast4,
      await hashSecret(h.casa.atmPin),
    ]);
    await tx.query(
      'UPDATE customers SET default_source_account_id = $2, default_receiving_account_id = $2 WHERE id = $1',
      [customerId, acct.rows[0]!.id],
    );
  }
  if (h.creditCard) {
    const limit = 20_000_000_00;
    const acct = await tx.query<{ id: number }>(
      `INSERT INTO accounts (account_no, customer_id, product, name, currency, balance, floor, details)
       VALUES ($1, $2, 'credit_card', 'Kartu Kredit', 'IDR', 0, $3, $4) RETURNING id`,
      [
        `CC${h.creditCard.cardNumber}`,
        customerId,
        -limit,
        JSON.stringify({ cardNumber: h.creditCard.cardNumber, creditLimit: limit }),
      ],
    );
    await tx.query(
      `INSERT INTO credit_cards (card_number, customer_id, account_id, status, temporary_pin_hash)
       VALUES ($1, $2, $3, $4, $5)`,
      [
        h.creditCard.cardNumber,
        customerId,
        acct.rows[0]!.id,
        h.creditCard.status,
        h.creditCard.temporaryPin ? await hashSecret(h.creditCard.temporaryPin) : null,
      ],
    );
  }
}

/**
 * Seeds the holders not yet registered (microsite demo). Idempotent: a holder whose CIF exists is left alone.
 * Returns how many holders it created.
 */
export async function seedRegistrationHolders(db: Db): Promise<number> {
  let created = 0;
  for (const h of REGISTRATION_HOLDERS) {
    const exists = await db.query('SELECT 1 FROM customers WHERE cif = $1', [h.cif]);
    if (exists.rows.length > 0) continue;
    await db.transaction(async (tx) => {
      // Another app server may be seeding at the same moment.
      await tx.query('SELECT pg_advisory_xact_lock(727275)');
      const again = await tx.query('SELECT 1 FROM customers WHERE cif = $1', [h.cif]);
      if (again.rows.length === 0) {
        await seedHolder(tx, h);
        created++;
      }
    });
  }
  return created;
}

const OPENING_BALANCE = 25_000_000_00;

/** A balance is only ever the sum of ledger entries: the opening deposit is a journal like any other. */
async function postOpeningBalance(
  tx: Queryable,
  customerId: number,
  accountId: number,
  accountNo: string,
  amount: number,
): Promise<void> {
  const clearingNo = SEED_CLEARING('IDR');
  await tx.query(
    `INSERT INTO accounts (account_no, customer_id, product, name, currency, floor)
     VALUES ($1, NULL, 'internal', 'Seed clearing IDR', 'IDR', -1000000000000000)
     ON CONFLICT (account_no) DO NOTHING`,
    [clearingNo],
  );
  const clearing = await tx.query<{ id: number }>('SELECT id FROM accounts WHERE account_no = $1', [
    clearingNo,
  ]);
  const journal = await tx.query<{ id: number }>(
    `INSERT INTO journal (reference_no, customer_id, flow_id, status, amount, currency, description, details)
     VALUES ($1, $2, 'seed.opening', 'success', $3, 'IDR', 'Setoran awal / Opening deposit', '{"seeded": true}'::jsonb) RETURNING id`,
    [`SDOPEN${accountNo}`, customerId, amount],
  );
  await tx.query(
    `INSERT INTO ledger_entries (journal_id, account_id, amount, currency) VALUES ($1, $2, $3, 'IDR'), ($1, $4, $5, 'IDR')`,
    [journal.rows[0]!.id, accountId, amount, clearing.rows[0]!.id, -amount],
  );
  await tx.query('UPDATE accounts SET balance = balance + $2 WHERE id = $1', [accountId, amount]);
  await tx.query('UPDATE accounts SET balance = balance - $2 WHERE id = $1', [clearing.rows[0]!.id, amount]);
}
