import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import type { SheetError } from '../../../src/server/mass-transfer/parse';
import { checkRows, parseRupiah, readRows, templateCsv } from '../../../src/server/mass-transfer/parse';
import { type Customer, customerWithSession, insertAccount, testDbs, upload, useTestApp } from '../../kit';

const limits = { minAmount: 10_000_00, maxPerTransaction: 100_000_000_00 };
const xlsx = readFileSync(path.join(import.meta.dirname, 'fixtures', 'transfers.xlsx'));
const csv = (lines: string[]) => Buffer.from(lines.join('\n'));
const HEADER = 'account_no,bank_code,method,beneficiary_name,amount,purpose,message';

describe('a mass transfer sheet', () => {
  it('reads amounts as people write rupiah', () => {
    expect(parseRupiah('150000')).toBe(15_000_000);
    expect(parseRupiah('150.000')).toBe(15_000_000);
    expect(parseRupiah('Rp 1.500.000')).toBe(150_000_000);
    expect(parseRupiah('150,000.50')).toBe(15_000_050);
    expect(parseRupiah('150.000,5')).toBe(15_000_050);
    expect(parseRupiah('abc')).toBeNull();
    expect(parseRupiah('')).toBeNull();
  });

  it('reads its own template, and an XLSX sheet', async () => {
    const t = await readRows(Buffer.from(templateCsv()), 'template.csv');
    expect(t).toHaveLength(3);
    expect(checkRows(t, limits).every((r) => r.errors.length === 0)).toBe(true);
    const x = await readRows(xlsx, 'transfers.xlsx');
    expect(x[0]).toMatchObject({
      account_no: '1234567890',
      bank_code: '014',
      method: 'bifast',
      amount: '250000',
    });
    const checked = checkRows(x, limits);
    expect(checked.map((r) => r.errors.map((e) => e.field))).toEqual([[], [], ['account_no', 'amount']]);
  });

  it('gives every bad row its own errors, in both languages, and keeps the good rows', () => {
    const rows = checkRows(
      [
        { account_no: '800123456789', amount: '150000', purpose: 'keluarga' },
        { account_no: '1234', amount: '150000' },
        { account_no: '1234567890', bank_code: '153', method: 'bifast', amount: '50000' },
        { account_no: '1370012345678', bank_code: '008', method: 'skn', amount: '50000' },
        {
          account_no: '1370012345678',
          bank_code: '008',
          method: 'rtgs',
          beneficiary_name: 'Agus',
          amount: '50000000',
        },
        { account_no: '800123456789', amount: '5000' },
        { account_no: '800123456789', amount: '150000', message: 'Hi <script>' },
        { account_no: '800123456789', amount: '150.000' },
        { account_no: '555', bank_code: '999', method: 'fax', amount: 'lots', purpose: 'gift' },
      ],
      limits,
    );
    const errs = (i: number) => rows[i]!.errors.map((e) => `${e.field}: ${e.eng}`);
    expect(rows[0]!.row).toMatchObject({
      line: 2,
      method: 'inhouse',
      bankCode: '022',
      amount: 15_000_000,
      purpose: 'family',
    });
    expect(errs(1)).toEqual(['account_no: Account number must be 5 to 18 digits']);
    expect(errs(2)).toEqual(['method: Bank Sinarmas does not take this method']);
    expect(errs(3)).toEqual(['beneficiary_name: Recipient name is required']);
    expect(errs(4)).toEqual(['amount: Minimum amount is IDR 100,000,001']);
    expect(errs(5)).toEqual(['amount: Minimum amount is IDR 10,000']);
    expect(errs(6)[0]).toMatch(/^message:/);
    expect(errs(7)).toEqual(['account_no: Duplicate of row 2']);
    expect(rows[7]!.errors[0]!.idn).toBe('Duplikat baris 2');
    expect(rows[8]!.errors.map((e) => e.field)).toEqual([
      'account_no',
      'bank_code',
      'method',
      'amount',
      'purpose',
    ]);
    expect(rows.filter((r) => r.row)).toHaveLength(1);
  });

  it('refuses a file that is not a sheet, one without the template’s columns, an empty one, and more than 1,000 rows', async () => {
    const problem = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => (e as SheetError).problem,
      );
    expect(await problem(readRows(Buffer.from('%PDF-1.4 binary\u0000'), 'x.csv'))).toBe('notASheet');
    expect(await problem(readRows(Buffer.from('PK\u0003\u0004 not a zip'), 'x.xlsx'))).toBe('notASheet');
    expect(await problem(readRows(csv(['name,value', 'a,1']), 'x.csv'))).toBe('header');
    expect(await problem(readRows(csv([HEADER]), 'x.csv'))).toBe('empty');
    const many = [
      HEADER,
      ...Array.from({ length: 1001 }, (_, i) => `80012345${String(i).padStart(4, '0')},,,,150000,family,`),
    ];
    expect(await problem(readRows(csv(many), 'x.csv'))).toBe('tooManyRows');
    expect(await readRows(csv(many.slice(0, 1001)), 'x.csv')).toHaveLength(1000);
  });
});

describe.each(testDbs)('uploading a mass transfer sheet through the API on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let who: Customer;
  let beneficiary: { accountNo: string };
  let source: { id: number };

  const t = useTestApp({ engine, settlementIntervalMs: 0, schedulerIntervalMs: 0 });
  beforeAll(async () => {
    ({ app, db } = t);
    who = await customerWithSession(db);
    source = await insertAccount(db, who.customerId, { balance: 100_000_000_00 });
    const other = await customerWithSession(db);
    beneficiary = await insertAccount(db, other.customerId, { balance: 0 });
  });

  it('quotes every row through its flow (same bank, BI-FAST, SKN) and marks the wrong accounts and missing recipient details on their rows', async () => {
    const r = await upload(
      app,
      '/api/masstransfer/v1/upload',
      who.headers,
      { sourceOfFund: String(source.id) },
      {
        name: 'batch.csv',
        type: 'text/csv',
        bytes: csv([
          HEADER,
          `${beneficiary.accountNo},,,,150000,family,Gaji`,
          '800999999999,,,,150000,family,',
          '1234567890,014,bifast,,250000,business,',
          '5550000404,008,online,,250000,business,',
          '5550000410,008,bifast,,250000,business,',
          '1370012345678,008,skn,Agus Pratama,2000000,other,',
        ]),
      },
    );
    expect(r.status).toBe(200);
    const rows = r.body.rows as {
      line: number;
      ok: boolean;
      name?: string;
      errors: { field: string; eng: string }[];
    }[];
    expect(rows.map((x) => x.ok)).toEqual([true, false, true, false, false, false]);
    expect(rows[0]!.name).toMatch(/^TEST CUSTOMER/);
    expect(rows[1]!.errors[0]!.eng).toBe('Beneficiary account number is not found');
    expect(rows[2]!.name).toBe('SITI RAHAYU');
    expect(rows[3]!.errors[0]!.eng).toBe('Beneficiary account number is not found');
    expect(rows[4]!.errors[0]!.eng).toBe('The beneficiary account is closed');
    // SKN needs the recipient's address, province and city (spec section 3), each on its column.
    expect(rows[5]!.errors.map((e) => e.field)).toEqual(['beneficiary_address', 'province', 'city']);
    // Rp 150,000 in the bank and Rp 250,000 by BI-FAST with its Rp 2,500 fee.
    expect(r.body).toMatchObject({ valid: 2, invalid: 4, total: { amount: 40_250_000, currency: 'IDR' } });
  });

  it('reads an XLSX upload, and answers a file that is not a sheet with “Upload failed, please try again”', async () => {
    const ok = await upload(
      app,
      '/api/masstransfer/v1/upload',
      who.headers,
      { sourceOfFund: String(source.id) },
      {
        name: 'transfers.xlsx',
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        bytes: xlsx,
      },
    );
    expect(ok.body).toMatchObject({
      valid: 1,
      invalid: 2,
      rows: [{ ok: true, name: 'SITI RAHAYU' }, {}, {}],
    });
    const bad = await upload(
      app,
      '/api/masstransfer/v1/upload',
      who.headers,
      { sourceOfFund: String(source.id) },
      {
        name: 'photo.xlsx',
        type: 'application/octet-stream',
        bytes: Buffer.from([0xff, 0xd8, 0xff, 0, 1, 2]),
      },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.apierror).toMatchObject({
      errorCode: 'INVALID_SHEET',
      errorTitleEng: 'Upload failed, please try again',
    });
  });

  it('offers the template as a CSV download', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/masstransfer/v1/template',
      headers: who.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('mass-transfer-template.csv');
    expect(res.body).toContain(HEADER);
  });
});
