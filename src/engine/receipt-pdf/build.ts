import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';

/** What a receipt PDF says, already in the customer's language. */
export interface ReceiptPdfInput {
  lang: 'en' | 'id';
  /** "OCTO" beside the logo, and the line under it. */
  bank: { name: string; tagline: string };
  /** "Bukti transaksi". */
  title: string;
  /** The transaction, e.g. "Transfer ke rekening OCTO". */
  flowTitle: string;
  status: { text: string; kind: 'success' | 'pending' | 'failed' };
  /** The total, printed large under the title. */
  total?: { label: string; value: string };
  /** Every row of the receipt, in order (reference, date, status, the flow's rows, amounts). */
  rows: { label: string; value: string; strong?: boolean }[];
  /** A sentence under the rows (why it failed, where held money is). */
  note?: string;
  /** The public check: the QR code's URL and the printed code, with their texts. */
  check?: { url: string; code: string; title: string; body: string; codeLabel: string };
  footer: string;
  /** The document's title in a PDF reader. */
  docTitle: string;
}

export interface ReceiptFonts {
  regular: Uint8Array | ArrayBuffer;
  bold: Uint8Array | ArrayBuffer;
}

const BRAND = rgb(0x8b / 255, 0x1a / 255, 0x1a / 255);
const INK = rgb(0.12, 0.11, 0.1);
const MUTED = rgb(0.42, 0.39, 0.38);
const RULE = rgb(0.9, 0.89, 0.88);
const TINT = rgb(0.98, 0.96, 0.95);
const STATUS = {
  success: { fg: rgb(0.106, 0.498, 0.231), bg: rgb(0.9, 0.96, 0.91) },
  pending: { fg: rgb(0.6, 0.38, 0), bg: rgb(1, 0.95, 0.85) },
  failed: { fg: rgb(0.7, 0.15, 0.12), bg: rgb(0.99, 0.91, 0.9) },
} as const;

const A4 = { w: 595.28, h: 841.89 };
const MARGIN = 48;

/** Breaks `text` into lines no wider than `width` at this size (words; a word too long is cut). */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const word of para.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width) {
        line = next;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** The bank's mark (public/logo.svg): a rounded square with a ring, drawn as vectors. */
function drawLogo(page: PDFPage, x: number, top: number, size: number) {
  const r = size * (8 / 28);
  const s = size;
  // SVG path coordinates run downwards from (x, top).
  const path =
    `M ${r} 0 H ${s - r} A ${r} ${r} 0 0 1 ${s} ${r} V ${s - r} A ${r} ${r} 0 0 1 ${s - r} ${s} ` +
    `H ${r} A ${r} ${r} 0 0 1 0 ${s - r} V ${r} A ${r} ${r} 0 0 1 ${r} 0 Z`;
  page.drawSvgPath(path, { x, y: top, color: BRAND });
  page.drawCircle({
    x: x + s / 2,
    y: top - s / 2,
    size: s * (7 / 28),
    borderColor: rgb(1, 1, 1),
    borderWidth: s * (3.5 / 28),
  });
}

/** The QR code as filled squares: sharp at any zoom and in print. */
function drawQr(page: PDFPage, url: string, x: number, y: number, size: number) {
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 2;
  const cell = size / (n + quiet * 2);
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (!qr.modules.get(row, col)) continue;
      page.drawRectangle({
        x: x + (col + quiet) * cell,
        y: y + size - (row + quiet + 1) * cell,
        width: cell + 0.05,
        height: cell + 0.05,
        color: rgb(0, 0, 0),
      });
    }
  }
}

/** One A4 page: letterhead, status, total, every row, the check code with its QR code, a footer. */
export async function buildReceiptPdf(input: ReceiptPdfInput, fonts: ReceiptFonts): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(input.docTitle);
  doc.setLanguage(input.lang === 'en' ? 'en-US' : 'id-ID');
  doc.setProducer(input.bank.name);
  doc.setCreator(input.bank.name);
  const regular = await doc.embedFont(fonts.regular, { subset: true });
  const bold = await doc.embedFont(fonts.bold, { subset: true });
  const page = doc.addPage([A4.w, A4.h]);
  const right = A4.w - MARGIN;
  const width = right - MARGIN;
  const text = (s: string, x: number, y: number, size: number, font: PDFFont, color = INK) =>
    page.drawText(s, { x, y, size, font, color });
  const rightText = (s: string, y: number, size: number, font: PDFFont, color = INK) =>
    text(s, right - font.widthOfTextAtSize(s, size), y, size, font, color);

  // Letterhead: the logo and the bank's name; the document's title on the right; a brand rule.
  let y = A4.h - MARGIN;
  drawLogo(page, MARGIN, y, 30);
  text(input.bank.name, MARGIN + 40, y - 15, 17, bold, BRAND);
  text(input.bank.tagline, MARGIN + 40, y - 28, 9, regular, MUTED);
  rightText(input.title, y - 17, 14, bold);
  y -= 44;
  page.drawRectangle({ x: MARGIN, y, width, height: 2, color: BRAND });

  // The transaction, its status and its total.
  y -= 34;
  for (const line of wrap(input.flowTitle, bold, 16, width - 150)) {
    text(line, MARGIN, y, 16, bold);
    y -= 20;
  }
  const st = STATUS[input.status.kind];
  const pillW = bold.widthOfTextAtSize(input.status.text, 10) + 20;
  page.drawRectangle({ x: right - pillW, y: y + 14, width: pillW, height: 20, color: st.bg });
  text(input.status.text, right - pillW + 10, y + 20.5, 10, bold, st.fg);
  if (input.total) {
    y -= 6;
    text(input.total.label, MARGIN, y, 10, regular, MUTED);
    y -= 26;
    text(input.total.value, MARGIN, y, 24, bold);
  }
  y -= 22;

  // Every row: label on the left, value on the right (wrapped), a hairline between.
  const labelW = width * 0.42;
  const valueW = width - labelW - 12;
  for (const row of input.rows) {
    const font = row.strong ? bold : regular;
    const size = row.strong ? 12 : 10.5;
    const valueLines = wrap(row.value, row.strong ? bold : bold, size, valueW);
    const labelLines = wrap(row.label, regular, 10.5, labelW);
    const h = Math.max(valueLines.length, labelLines.length) * (size + 4) + 12;
    if (row.strong) page.drawRectangle({ x: MARGIN, y: y - h + 8, width, height: h, color: TINT });
    labelLines.forEach((l, i) => text(l, MARGIN + 6, y - 8 - i * (size + 4), 10.5, font, MUTED));
    valueLines.forEach((l, i) => rightText(l, y - 8 - i * (size + 4), size, bold));
    y -= h;
    page.drawRectangle({ x: MARGIN, y: y + 8, width, height: 0.6, color: RULE });
  }
  if (input.note) {
    y -= 8;
    for (const line of wrap(input.note, regular, 10, width)) {
      text(line, MARGIN, y, 10, regular, MUTED);
      y -= 14;
    }
  }

  // The check: a QR code to the public page, and the code to type there.
  if (input.check) {
    const qr = 92;
    const boxH = qr + 24;
    const top = Math.max(y - 24, 80 + boxH);
    page.drawRectangle({
      x: MARGIN,
      y: top - boxH,
      width,
      height: boxH,
      color: TINT,
      borderColor: RULE,
      borderWidth: 0.8,
    });
    drawQr(page, input.check.url, MARGIN + 12, top - boxH + 12, qr);
    const tx = MARGIN + qr + 30;
    let ty = top - 28;
    text(input.check.title, tx, ty, 12, bold);
    ty -= 18;
    for (const line of wrap(input.check.body, regular, 9.5, right - tx - 12)) {
      text(line, tx, ty, 9.5, regular, MUTED);
      ty -= 13;
    }
    ty -= 8;
    text(input.check.codeLabel, tx, ty, 9.5, regular, MUTED);
    text(
      input.check.code,
      tx + regular.widthOfTextAtSize(input.check.codeLabel, 9.5) + 8,
      ty,
      14,
      bold,
      BRAND,
    );
  }

  // Footer.
  let fy = 52;
  page.drawRectangle({ x: MARGIN, y: fy + 14, width, height: 0.6, color: RULE });
  for (const line of wrap(input.footer, regular, 8.5, width)) {
    text(line, MARGIN, fy, 8.5, regular, MUTED);
    fy -= 11;
  }
  return doc.save();
}
