import type { Db, Queryable } from '../db/db';
import { bankDate } from '../../shared/bank-time';
import { createInstruction } from '../schedules/store';
import { storeDocument } from '../declarations/documents';
import { dayOfWeek } from '../schedules/recurrence';
import { seedIncomingRequests } from './bifast-rfp';
import { internalAccount, newReferenceNo, postEntries } from '../transactions/ledger';

/** A one-page PDF ("Tuition invoice"), small enough to seed. */
const INVOICE_PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj',
    '4 0 obj << /Length 88 >> stream',
    'BT /F1 18 Tf 72 760 Td (Tuition invoice - University of Melbourne - AUD 21,500.00) Tj ET',
    'endstream endobj',
    '5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
  ].join('\n'),
);

/**
 * The transfer area's demo data for budisantoso: a monthly transfer to Rina (same bank, on the 25th,
 * 12 times), a weekly one between his own accounts (Fridays, for six months), one on a date next
 * week, an underlying document on file, and earlier this month a land sale's proceeds sent on to
 * Melbourne (USD 97,500 bought with rupiah), so his next rupiah-to-foreign transfer of a few thousand
 * dollars takes the month above USD 100,000 and needs that document. Idempotent: nothing is added once
 * he has any.
 */
export async function seedTransfers(db: Db, now = new Date()): Promise<boolean> {
  await seedMobileNumberAccounts(db, now);
  const { rows } = await db.query<{ id: number }>("SELECT id FROM customers WHERE user_id = 'budisantoso'");
  const budi = rows[0] ? Number(rows[0].id) : undefined;
  if (budi === undefined) return false;
  // BI-FAST requests for payment other banks' customers sent him (his landlord, a shop).
  await seedIncomingRequests(db, budi);
  const existing = await db.query('SELECT 1 FROM scheduled_transfers WHERE customer_id = $1 LIMIT 1', [budi]);
  if (existing.rows.length) return false;
  const acc = async (no: string) =>
    Number(
      (await db.query<{ id: number }>('SELECT id FROM accounts WHERE account_no = $1', [no])).rows[0]!.id,
    );
  const savings1 = await acc('800123456701');
  const savings2 = await acc('800123456729');
  const giro = await acc('800987654306');
  const today = bankDate(now);
  const rp = (n: number) => n * 100;
  const tomorrow = bankDate(now, 1);
  const friday = bankDate(now, ((5 - dayOfWeek(tomorrow) + 7) % 7) + 1);
  await db.transaction(async (tx) => {
    await createInstruction(
      tx,
      {
        customerId: budi,
        flowId: 'transfer.samebank',
        form: {
          sourceOfFund: String(savings1),
          beneficiaryAccountNo: '800123456837',
          purpose: 'family',
          amount: rp(1_500_000),
          message: 'Uang bulanan',
        },
        summary: {
          beneficiaryName: 'RINA KUSUMAWATI',
          beneficiaryAccountNo: '800123456837',
          bankName: 'Bank CIMB Niaga',
        },
        amount: rp(1_500_000),
        currency: 'IDR',
        when: {
          kind: 'recurring',
          recurrence: { every: 'month', dayOfMonth: 25 },
          startDate: tomorrow,
          occurrences: 12,
        },
      },
      today,
    );
    await createInstruction(
      tx,
      {
        customerId: budi,
        flowId: 'transfer.own',
        form: {
          sourceOfFund: String(savings1),
          beneficiaryAccount: String(savings2),
          amount: rp(500_000),
          message: 'Tabungan mingguan',
        },
        summary: {
          beneficiaryName: 'TabunganKu',
          beneficiaryAccountNo: '800123456729',
          bankName: 'Bank CIMB Niaga',
        },
        amount: rp(500_000),
        currency: 'IDR',
        when: {
          kind: 'recurring',
          recurrence: { every: 'week', dayOfWeek: 5 },
          startDate: friday,
          endDate: bankDate(now, 183),
        },
      },
      today,
    );
    await createInstruction(
      tx,
      {
        customerId: budi,
        flowId: 'transfer.samebank',
        form: {
          sourceOfFund: String(savings2),
          beneficiaryAccountNo: '800123456845',
          purpose: 'business',
          amount: rp(2_000_000),
        },
        summary: {
          beneficiaryName: 'DEWI LESTARI',
          beneficiaryAccountNo: '800123456845',
          bankName: 'Bank CIMB Niaga',
        },
        amount: rp(2_000_000),
        currency: 'IDR',
        when: { kind: 'date', date: bankDate(now, 7) },
      },
      today,
    );
    await storeDocument(tx, budi, {
      fileName: 'Tuition invoice 2027.pdf',
      bytes: INVOICE_PDF,
      docType: 'education',
      description: 'University of Melbourne, semester 1 2027',
    });
    await seedForeignPurchase(tx, budi, giro, now);
  });
  return true;
}

/** What budi bought this month before the demo: USD 97,500 (spec 5: USD 100,000 a month without a document). */
export const SEEDED_MONTH_PURCHASE_USD = 97_500_00;

/**
 * Earlier this (Jakarta) month, on his current account: a notary's RTGS with a land sale's proceeds in,
 * and the same rupiah out as a SWIFT transfer of USD 97,500 to a Melbourne property developer at the
 * board's sell rate. His balance is as before; the month's foreign-currency purchases are not.
 */
async function seedForeignPurchase(tx: Queryable, customerId: number, accountId: number, now: Date) {
  const wibMs = 7 * 3_600_000;
  const wib = new Date(now.getTime() + wibMs);
  const monthStart = Date.UTC(wib.getUTCFullYear(), wib.getUTCMonth(), 1) - wibMs;
  // Three days ago at 10:00 WIB, or within this month when it began since.
  const threeDaysAgo = new Date(now.getTime() - 3 * 86_400_000);
  threeDaysAgo.setUTCHours(3, 0, 0, 0);
  const inAt = new Date(Math.min(now.getTime(), Math.max(threeDaysAgo.getTime(), monthStart + 60_000)));
  const outAt = new Date(Math.min(now.getTime(), inAt.getTime() + 90 * 60_000));
  const { rows } = await tx.query<{ sell: string }>(
    "SELECT sell::text AS sell FROM exchange_rates WHERE currency = 'USD'",
  );
  const usd = SEEDED_MONTH_PURCHASE_USD;
  // USD cents times rupiah per dollar: rupiah cents (both have two decimals), rounded up as a sale is.
  const idr = Math.ceil(usd * Number(rows[0]!.sell));
  const journal = async (j: {
    flowId: string;
    at: Date;
    amount: number;
    currency: string;
    idn: string;
    eng: string;
  }) => {
    const r = await tx.query<{ id: number }>(
      `INSERT INTO journal (reference_no, customer_id, flow_id, status, amount, currency, description, description_eng, details, created_at)
       VALUES ($1, $2, $3, 'success', $4, $5, $6, $7, '{"seeded":true}'::jsonb, $8) RETURNING id`,
      [newReferenceNo(j.at), customerId, j.flowId, j.amount, j.currency, j.idn, j.eng, j.at.toISOString()],
    );
    return Number(r.rows[0]!.id);
  };
  const proceeds = await journal({
    flowId: 'core.incoming',
    at: inAt,
    amount: idr,
    currency: 'IDR',
    idn: 'RTGS masuk - Notaris Hendra Wijaya, S.H. - hasil penjualan tanah',
    eng: 'Incoming RTGS - Notary Hendra Wijaya, S.H. - land sale proceeds',
  });
  await postEntries(tx, proceeds, [
    { accountId: await internalAccount(tx, 'SETTLEMENT-CLEARING', 'IDR'), amount: -idr, currency: 'IDR' },
    { accountId, amount: idr, currency: 'IDR' },
  ]);
  const swift = await journal({
    flowId: 'transfer.swift-rupiah',
    at: outAt,
    amount: usd,
    currency: 'USD',
    idn: 'Transfer SWIFT - Harbour Residences Pty Ltd, Melbourne - uang muka apartemen',
    eng: 'SWIFT transfer - Harbour Residences Pty Ltd, Melbourne - apartment down payment',
  });
  await postEntries(tx, swift, [
    { accountId, amount: -idr, currency: 'IDR' },
    { accountId: await internalAccount(tx, 'FX-POSITION', 'IDR'), amount: idr, currency: 'IDR' },
    { accountId: await internalAccount(tx, 'FX-POSITION', 'USD'), amount: -usd, currency: 'USD' },
    { accountId: await internalAccount(tx, 'SWIFT-OUTGOING', 'USD'), amount: usd, currency: 'USD' },
  ]);
}

/**
 * Mobile-number accounts (Rekening Ponsel) of other customers, so a transfer by mobile number can be
 * tried: Rina at 087812345678 and Dewi at 081355566677. Idempotent per account number.
 */
export async function seedMobileNumberAccounts(db: Db, now = new Date()): Promise<void> {
  const owners: Array<[string, string, string]> = [
    ['rinanodefault', '800100823456', '+6287812345678'],
    ['dewifds', '800100834567', '+6281355566677'],
  ];
  for (const [userId, accountNo, phone] of owners) {
    await db.query(
      `INSERT INTO accounts (account_no, customer_id, product, name, currency, details, created_at)
       SELECT $2, c.id, 'savings', 'Rekening Ponsel', 'IDR', $3::jsonb, $4 FROM customers c
        WHERE c.user_id = $1 AND NOT EXISTS (SELECT 1 FROM accounts WHERE account_no = $2)`,
      [userId, accountNo, JSON.stringify({ rekpon: true, phone }), now.toISOString()],
    );
  }
}
