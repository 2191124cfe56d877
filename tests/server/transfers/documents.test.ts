import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { detectType } from '../../../src/server/declarations/documents';
import {
  type Customer,
  customerWithSession,
  insertAccount,
  post,
  testDbs,
  transact,
  upload,
  useTestApp,
} from '../../kit';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const URL_ = '/api/transfer/v1/underlying-document';

describe('a document’s type', () => {
  it('is read from its first bytes, not its name', () => {
    expect(detectType(PDF)).toBe('application/pdf');
    expect(detectType(PNG)).toBe('image/png');
    expect(detectType(JPG)).toBe('image/jpeg');
    expect(detectType(Buffer.from('<html>%PDF-'))).toBeNull();
    expect(detectType(Buffer.from('GIF89a'))).toBeNull();
  });
});

describe.each(testDbs)('underlying documents and the declaration on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let who: Customer;

  const t = useTestApp({ engine, settlementIntervalMs: 0, schedulerIntervalMs: 0 });
  beforeAll(async () => {
    ({ app, db } = t);
    who = await customerWithSession(db);
  });

  it('uploads a PDF, a JPG and a PNG, lists them, downloads one, and deletes one', async () => {
    const pdf = await upload(
      app,
      `${URL_}/upload`,
      who.headers,
      { docType: 'invoice', description: 'Tuition invoice' },
      {
        name: '../../etc/Invoice 2026.PDF',
        type: 'application/pdf',
        bytes: PDF,
      },
    );
    expect(pdf.status).toBe(200);
    expect(pdf.body).toMatchObject({
      docType: 'invoice',
      mime: 'application/pdf',
      fileName: 'Invoice 2026.pdf',
      size: PDF.length,
    });
    // The browser's type is not trusted: a JPEG named .png is stored as a JPEG.
    const jpg = await upload(
      app,
      `${URL_}/upload`,
      who.headers,
      { docType: 'travel' },
      { name: 'ticket.png', type: 'image/png', bytes: JPG },
    );
    expect(jpg.body).toMatchObject({ mime: 'image/jpeg', fileName: 'ticket.jpg' });
    const png = await upload(
      app,
      `${URL_}/upload`,
      who.headers,
      { docType: 'other' },
      { name: 'scan.png', type: 'image/png', bytes: PNG },
    );
    expect(png.status).toBe(200);

    const list = await post(app, `${URL_}/list`, who.headers, {});
    expect(list.body.documents.map((d: { fileName: string }) => d.fileName)).toEqual([
      'scan.png',
      'ticket.jpg',
      'Invoice 2026.pdf',
    ]);

    const dl = await app.inject({ method: 'GET', url: `${URL_}/${pdf.body.id}`, headers: who.headers });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toBe('attachment; filename="Invoice 2026.pdf"');
    expect(Buffer.compare(dl.rawPayload, PDF)).toBe(0);

    expect((await post(app, `${URL_}/delete`, who.headers, { id: png.body.id })).body).toEqual({
      deleted: true,
    });
    expect((await post(app, `${URL_}/list`, who.headers, {})).body.documents).toHaveLength(2);
    const again = await post(app, `${URL_}/delete`, who.headers, { id: png.body.id });
    expect(again.status).toBe(404);
    const { rows } = await db.query<{ content: unknown }>(
      'SELECT content FROM underlying_documents WHERE id = $1',
      [Number(png.body.id)],
    );
    expect(rows[0]!.content).toBeNull();
  });

  it('stores a description without the characters every other text refuses: control and bidi controls become spaces', async () => {
    // A multipart field is read by its route, not the input guard: the route keeps the guard's rule.
    const doc = await upload(
      app,
      `${URL_}/upload`,
      who.headers,
      { docType: 'invoice', description: 'Invoice\u0007 \u202Eflig\u202C 2026' },
      { name: 'invoice.pdf', type: 'application/pdf', bytes: PDF },
    );
    expect(doc.status).toBe(200);
    expect((doc.body as { description: string }).description).toBe('Invoice   flig  2026');
  });

  it('refuses another type, an empty or too large file, a missing type, with “Upload failed, please try again” and nothing stored', async () => {
    const other = await customerWithSession(db);
    const fail = async (
      fields: Record<string, string>,
      file?: { name: string; type: string; bytes: Uint8Array },
    ) => {
      const r = await upload(app, `${URL_}/upload`, other.headers, fields, file);
      expect(r.body.apierror.errorTitleEng).toBe('Upload failed, please try again');
      expect(r.body.apierror.errorTitleIdn).toBe('Unggah gagal, silakan coba lagi');
      return r;
    };
    const html = await fail(
      { docType: 'invoice' },
      { name: 'x.pdf', type: 'application/pdf', bytes: Buffer.from('<html><script>') },
    );
    expect(html.status).toBe(415);
    expect(html.body.apierror.fields['/file'].eng).toBe('Only PDF, JPG and PNG files can be uploaded.');
    const big = Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024)]);
    expect(
      (await fail({ docType: 'invoice' }, { name: 'big.pdf', type: 'application/pdf', bytes: big })).status,
    ).toBe(413);
    expect(
      (await fail({ docType: 'invoice' }, { name: 'e.pdf', type: 'application/pdf', bytes: Buffer.alloc(0) }))
        .status,
    ).toBe(422);
    expect(
      (await fail({ docType: 'passport' }, { name: 'a.pdf', type: 'application/pdf', bytes: PDF })).status,
    ).toBe(422);
    expect((await fail({ docType: 'invoice' })).status).toBe(400);
    expect((await post(app, `${URL_}/list`, other.headers, {})).body.documents).toEqual([]);
  });

  it('keeps each customer’s documents to themselves', async () => {
    const mine = await upload(
      app,
      `${URL_}/upload`,
      who.headers,
      { docType: 'contract' },
      { name: 'c.pdf', type: 'application/pdf', bytes: PDF },
    );
    const stranger = await customerWithSession(db);
    const dl = await app.inject({ method: 'GET', url: `${URL_}/${mine.body.id}`, headers: stranger.headers });
    expect(dl.statusCode).toBe(404);
    expect((await post(app, `${URL_}/delete`, stranger.headers, { id: mine.body.id })).status).toBe(404);
  });

  it('adds up the month’s foreign currency bought with rupiah, needs a document above USD 100,000, and exempts baht and ringgit', async () => {
    const buyer = await customerWithSession(db);
    const idr = await insertAccount(db, buyer.customerId, { balance: 5_000_000_000_00 });
    const usd = await insertAccount(db, buyer.customerId, { currency: 'USD', balance: 0 });
    const declaration = (currency: string, amount: number) =>
      post(app, '/api/transfer/v1/declaration', buyer.headers, { currency, amount });
    const first = await declaration('USD', 50_000_00);
    expect(first.body).toMatchObject({
      monthTotalUsd: { amount: 0, currency: 'USD' },
      documentRequired: false,
      allowed: true,
      receiptDeclaration: true,
      exempt: false,
    });
    expect((await declaration('USD', 20_000_00)).body.receiptDeclaration).toBe(false);
    // Buy about USD 60,000 with rupiah (an own-account transfer IDR -> USD).
    const bought = await transact(app, db, buyer, 'transfer.own', {
      sourceOfFund: String(idr.id),
      beneficiaryAccount: String(usd.id),
      amount: 1_000_000_000_00,
    });
    expect(bought.receipt.body.status).toBe('success');
    const after = await declaration('USD', 50_000_00);
    expect(after.body.monthTotalUsd.amount).toBeGreaterThan(59_000_00);
    expect(after.body).toMatchObject({ documentRequired: true, documentsOnFile: 0, allowed: false });
    // Ringgit: exempt, and not counted.
    expect((await declaration('MYR', 500_000_00)).body).toMatchObject({
      exempt: true,
      documentRequired: false,
      allowed: true,
    });
    // With a document on file the purchase may go ahead.
    await upload(
      app,
      `${URL_}/upload`,
      buyer.headers,
      { docType: 'invoice' },
      { name: 'i.pdf', type: 'application/pdf', bytes: PDF },
    );
    expect((await declaration('USD', 50_000_00)).body).toMatchObject({
      documentRequired: true,
      documentsOnFile: 1,
      allowed: true,
    });
    expect((await declaration('XYZ', 1)).status).toBe(422);
  });
});
