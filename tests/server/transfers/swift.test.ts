import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { storeDocument } from '../../../src/server/declarations/documents';
import {
  balanceOf,
  type Customer,
  customerWithSession,
  insertAccount,
  post,
  setLimits,
  testDbs,
  transact,
  unbalancedJournals,
  useTestApp,
} from '../../kit';

const rp = (n: number) => n * 100;
const usd = (n: number) => n * 100;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF');

// SWIFT transfers (flows transfer.swift-rupiah and transfer.swift-foreign) through the engine: the
// special rate the page showed is the one booked, fees by charge option, the monthly declaration.
describe.each(testDbs)('SWIFT transfers on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let who: Customer;
  let idr: { id: number };
  let usdAcc: { id: number };

  const t = useTestApp({ engine, settlementIntervalMs: 0, schedulerIntervalMs: 0 });
  beforeAll(async () => {
    ({ app, db } = t);
    who = await customerWithSession(db);
    idr = await insertAccount(db, who.customerId, { balance: rp(5_000_000_000) });
    usdAcc = await insertAccount(db, who.customerId, { currency: 'USD', balance: usd(50_000) });
    await setLimits(db, who.customerId, 'transfer-swift', rp(10_000), rp(5_000_000_000), rp(10_000_000_000));
  });

  const quote = async (currency: string) =>
    (await post(app, '/api/transfer/v1/special-rate/quote', who.headers, { currency })).body;
  const form = (over: Record<string, unknown> = {}) => ({
    sourceOfFund: String(idr.id),
    country: 'SG',
    swiftBank: 'DBSSSGSG',
    bankCity: 'Singapore',
    beneficiaryAccountNo: '0721234567',
    beneficiaryName: 'Tan Wei Ming',
    addressLine1: '12 Marina Boulevard',
    currency: 'USD',
    amount: usd(1_000),
    chargeOption: 'SHA',
    purpose: 'family',
    ...over,
  });
  const inquiry = (flowId: string, f: Record<string, unknown>) =>
    post(app, '/api/transaction/v1/inquiry', who.headers, { flowId, form: f });

  it('books the special rate the page showed, with the bank fee (SHA) in the transfer currency', async () => {
    const q = await quote('USD');
    const before = await balanceOf(db, idr.id);
    const { inquiry: inq, receipt } = await transact(
      app,
      db,
      who,
      'transfer.swift-rupiah',
      form({ rateQuoteId: q.quoteId }),
    );
    expect(inq.status).toBe(200);
    expect(inq.body.exchangeRate).toBe(q.sell);
    expect(inq.body.fees.map((f: { kind: string }) => f.kind)).toEqual(['admin']);
    expect(inq.body.details).toMatchObject({ swiftCode: 'DBSSSGSG', beneficiaryName: 'TAN WEI MING' });
    expect(receipt.body.status).toBe('success');
    expect(receipt.body.exchangeRate).toBe(q.sell);
    // What left the account is the total in USD at the quoted sell rate (rounded up), nothing else.
    const total = inq.body.total.amount as number;
    const idrCents = Math.ceil((total * Number(q.sell) * 100) / 100);
    expect(before - (await balanceOf(db, idr.id))).toBe(idrCents);
    expect(await unbalancedJournals(db)).toBe(0);
  });

  it('charges the correspondent fee with OUR, none with BEN (the recipient gets the amount less the fees)', async () => {
    const our = await inquiry('transfer.swift-rupiah', form({ chargeOption: 'OUR' }));
    expect(our.body.fees.map((f: { kind: string }) => f.kind)).toEqual(['admin', 'correspondence']);
    expect(our.body.details.beneficiaryReceives).toEqual({ amount: usd(1_000), currency: 'USD' });
    expect(our.body.fees[1].amount).toEqual({ amount: usd(25), currency: 'USD' });
    const ben = await inquiry('transfer.swift-rupiah', form({ chargeOption: 'BEN' }));
    expect(ben.body.fees).toEqual([]);
    expect(ben.body.total).toEqual({ amount: usd(1_000), currency: 'USD' });
    expect(ben.body.details.beneficiaryReceives.amount).toBeLessThan(usd(1_000));
  });

  it('refuses a rate quote that is not valid any more (EN/ID), a bank of another country, and books nothing', async () => {
    const before = await balanceOf(db, idr.id);
    const stale = await inquiry(
      'transfer.swift-rupiah',
      form({ rateQuoteId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(stale.status).toBe(409);
    expect(stale.body.apierror).toMatchObject({
      errorCode: 'RATE_EXPIRED',
      errorTitleEng: 'The exchange rate has changed',
      errorTitleIdn: 'Kurs telah berubah',
    });
    const wrongBank = await inquiry('transfer.swift-rupiah', form({ swiftBank: 'CHASUS33' }));
    expect(wrongBank.status).toBe(422);
    expect(wrongBank.body.apierror.fields).toHaveProperty('/form/swiftBank');
    const longName = await inquiry('transfer.swift-rupiah', form({ beneficiaryName: 'A'.repeat(35) }));
    expect(longName.status).toBe(400);
    expect(await balanceOf(db, idr.id)).toBe(before);
  });

  it('sends foreign to foreign from a USD account only', async () => {
    const fromIdr = await inquiry('transfer.swift-foreign', form({ currency: 'SGD' }));
    expect(fromIdr.status).toBe(422);
    expect(fromIdr.body.apierror.fields['/form/sourceOfFund'].idn).toBe('Pilih rekening valuta asing');
    const before = await balanceOf(db, usdAcc.id);
    const { receipt } = await transact(
      app,
      db,
      who,
      'transfer.swift-foreign',
      form({ sourceOfFund: String(usdAcc.id), currency: 'USD', amount: usd(500) }),
    );
    expect(receipt.body.status).toBe('success');
    expect(before - (await balanceOf(db, usdAcc.id))).toBe(usd(500) + receipt.body.fees[0].amount.amount);
  });

  it('asks for an underlying document above USD 100,000 a month, and declares above USD 25,000 on the receipt', async () => {
    const big = await inquiry('transfer.swift-rupiah', form({ amount: usd(101_000) }));
    expect(big.status).toBe(422);
    expect(big.body.apierror).toMatchObject({ errorCode: 'UNDERLYING_DOCUMENT_REQUIRED' });
    expect(big.body.apierror.fields['/form/amount'].eng).toContain('USD 100,000');
    const declared = await inquiry('transfer.swift-rupiah', form({ amount: usd(30_000) }));
    expect(declared.status).toBe(200);
    expect(declared.body.details.declaration.en).toContain('USD 25,000');
    const thb = await inquiry(
      'transfer.swift-rupiah',
      form({ country: 'TH', swiftBank: 'BKKBTHBK', currency: 'THB', amount: 100_000_00 }),
    );
    expect(thb.status).toBe(200);
    expect(thb.body.details.declaration.en).toContain('Thai baht');
    await storeDocument(db, who.customerId, { fileName: 'invoice.pdf', bytes: PDF, docType: 'education' });
    expect((await inquiry('transfer.swift-rupiah', form({ amount: usd(101_000) }))).status).toBe(200);
  });
});
