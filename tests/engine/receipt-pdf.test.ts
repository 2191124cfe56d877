// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildReceiptPdf, type ReceiptPdfInput } from '@/engine/receipt-pdf/build';

const font = (name: string) =>
  new Uint8Array(readFileSync(path.resolve('src/engine/receipt-pdf/fonts', name)));
const fonts = { regular: font('DejaVuSans-subset.ttf'), bold: font('DejaVuSans-Bold-subset.ttf') };

export const SAMPLE: ReceiptPdfInput = {
  lang: 'id',
  bank: { name: 'OCTO', tagline: 'Internet Banking' },
  title: 'Bukti transaksi',
  flowTitle: 'Transfer ke rekening OCTO',
  status: { text: 'Transaksi berhasil', kind: 'success' },
  total: { label: 'Total', value: 'Rp 250.000' },
  rows: [
    { label: 'Nomor referensi', value: '2611250000001234' },
    { label: 'Tanggal', value: '25/11/2026, 08.15.02 WIB' },
    { label: 'Status', value: 'Transaksi berhasil' },
    { label: 'Sumber dana', value: 'Tabungan Xtra · 800123456701' },
    { label: 'Nama penerima', value: 'Łukasz Đặng Nguyễn Şahin' },
    { label: 'Tujuan transaksi', value: 'Pembayaran' },
    { label: 'Berita', value: 'Sewa Mei — “kamar 2” €' },
    { label: 'Nominal', value: 'Rp 250.000' },
    { label: 'Total', value: 'Rp 250.000', strong: true },
  ],
  check: {
    url: 'https://bank.example/r/K3M9Q2XA7P',
    code: 'K3M9Q-2XA7P',
    title: 'Cek keaslian bukti ini',
    body: 'Pindai kode QR, atau buka https://bank.example/r/ lalu ketik kode cek.',
    codeLabel: 'Kode cek',
  },
  footer: 'Bukti transaksi ini dibuat secara elektronik dan tidak memerlukan tanda tangan.',
  docTitle: 'Bukti transaksi 2611250000001234',
};

/** The text a PDF reader extracts (poppler's pdftotext; `apt-get install poppler-utils`). */
function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'receipt-'));
  const file = path.join(dir, 'r.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('receipt PDF', () => {
  it('carries the bank, every row and characters beyond Latin-1 as text a reader extracts', async () => {
    const bytes = await buildReceiptPdf(SAMPLE, fonts);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('Bukti transaksi 2611250000001234');
    const text = pdfText(bytes);
    expect(text).toContain('OCTO');
    expect(text).toContain('Bukti transaksi');
    for (const row of SAMPLE.rows) {
      expect(text).toContain(row.label);
      expect(text).toContain(row.value);
    }
    // Non-Latin-1 names and punctuation stay themselves (the old writer printed "?").
    expect(text).not.toMatch(/\?/);
    expect(text).toContain('K3M9Q-2XA7P');
    // The fonts go in as subsets: a receipt stays small.
    expect(bytes.length).toBeLessThan(120_000);
  });

  it('wraps a long value instead of running off the page', async () => {
    const long = 'Sangat panjang '.repeat(12).trim();
    const bytes = await buildReceiptPdf({ ...SAMPLE, rows: [{ label: 'Berita', value: long }] }, fonts);
    const text = pdfText(bytes).replace(/\s+/g, ' ');
    expect(text).toContain(long);
  });
});
