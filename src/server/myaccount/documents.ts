import Papa from 'papaparse';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/** A column of a document's table; widths are fractions of the printable width. */
export interface DocColumn {
  label: string;
  width: number;
  align?: 'left' | 'right';
}

export interface DocSection {
  heading?: string;
  /** A paragraph, wrapped to the page. */
  note?: string;
  /** Label and value pairs, printed in two columns. */
  pairs?: Array<[string, string]>;
  table?: { columns: DocColumn[]; rows: string[][]; empty?: string };
}

export interface DocSpec {
  title: string;
  subtitle?: string;
  /** Who and what: customer, account, period. */
  info: Array<[string, string]>;
  sections: DocSection[];
  footer: string;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const BRAND = rgb(0.6, 0.05, 0.1);
const GREY = rgb(0.4, 0.4, 0.4);

/** Helvetica is WinAnsi: characters it cannot draw (a typographic minus, quotes) become plain ones. */
export function winAnsi(text: string): string {
  return text
    .replace(/[\u2212\u2013\u2014]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

function fit(text: string, font: PDFFont, size: number, width: number): string {
  let t = winAnsi(text);
  if (font.widthOfTextAtSize(t, size) <= width) return t;
  while (t.length > 1 && font.widthOfTextAtSize(`${t}...`, size) > width) t = t.slice(0, -1);
  return `${t}...`;
}

/**
 * A statement or history as an A4 PDF (pdf-lib, standard Helvetica, no embedded font): title, the
 * customer's details, then sections of pairs and tables, paged with the table header repeated and
 * "page n of m" at the foot of each page.
 */
export async function renderPdf(spec: DocSpec): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(winAnsi(spec.title));
  doc.setProducer('Internet Banking');
  doc.setCreator('Internet Banking');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = A4[0] - 2 * MARGIN;
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;

  const newPage = () => {
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
  };
  const need = (h: number) => {
    if (y - h < MARGIN + 20) newPage();
  };
  const text = (t: string, x: number, size: number, font: PDFFont, color = rgb(0, 0, 0)) =>
    page.drawText(winAnsi(t), { x, y, size, font, color });

  text(spec.title, MARGIN, 16, bold, BRAND);
  y -= 20;
  if (spec.subtitle) {
    text(spec.subtitle, MARGIN, 10, regular, GREY);
    y -= 16;
  }
  y -= 4;
  for (const [label, value] of spec.info) {
    need(14);
    text(label, MARGIN, 9, regular, GREY);
    text(fit(value, bold, 9, width * 0.65), MARGIN + width * 0.3, 9, bold);
    y -= 13;
  }

  for (const section of spec.sections) {
    y -= 8;
    if (section.heading) {
      need(40);
      text(section.heading, MARGIN, 11, bold, BRAND);
      y -= 6;
      page.drawLine({
        start: { x: MARGIN, y },
        end: { x: MARGIN + width, y },
        thickness: 0.5,
        color: GREY,
      });
      y -= 12;
    }
    if (section.note) {
      const words = winAnsi(section.note).split(/\s+/);
      let line = '';
      const flush = () => {
        need(13);
        text(line, MARGIN, 8, regular, GREY);
        y -= 11;
        line = '';
      };
      for (const w of words) {
        const next = line ? `${line} ${w}` : w;
        if (regular.widthOfTextAtSize(next, 8) > width && line) {
          flush();
          line = w;
        } else line = next;
      }
      if (line) flush();
      y -= 4;
    }
    for (const [label, value] of section.pairs ?? []) {
      need(14);
      text(fit(label, regular, 9, width * 0.55), MARGIN, 9, regular);
      const v = winAnsi(value);
      text(v, MARGIN + width - bold.widthOfTextAtSize(v, 9), 9, bold);
      y -= 13;
    }
    const table = section.table;
    if (!table) continue;
    const header = () => {
      let x = MARGIN;
      for (const c of table.columns) {
        const w = c.width * width;
        const t = fit(c.label, bold, 8, w - 4);
        const dx = c.align === 'right' ? w - 4 - bold.widthOfTextAtSize(t, 8) : 0;
        page.drawText(t, { x: x + dx, y, size: 8, font: bold, color: GREY });
        x += w;
      }
      y -= 12;
    };
    need(30);
    header();
    if (table.rows.length === 0 && table.empty) {
      text(table.empty, MARGIN, 9, regular, GREY);
      y -= 13;
    }
    for (const row of table.rows) {
      if (y - 12 < MARGIN + 20) {
        newPage();
        header();
      }
      let x = MARGIN;
      table.columns.forEach((c, i) => {
        const w = c.width * width;
        const t = fit(row[i] ?? '', regular, 8, w - 4);
        const dx = c.align === 'right' ? w - 4 - regular.widthOfTextAtSize(t, 8) : 0;
        page.drawText(t, { x: x + dx, y, size: 8, font: regular });
        x += w;
      });
      y -= 12;
    }
  }

  const pages = doc.getPages();
  pages.forEach((p, i) => {
    p.drawText(winAnsi(spec.footer), { x: MARGIN, y: MARGIN - 10, size: 7, font: regular, color: GREY });
    const n = `${i + 1} / ${pages.length}`;
    p.drawText(n, {
      x: A4[0] - MARGIN - regular.widthOfTextAtSize(n, 7),
      y: MARGIN - 10,
      size: 7,
      font: regular,
      color: GREY,
    });
  });
  return doc.save();
}

/**
 * A table as CSV (papaparse): a header row, every field quoted where needed, CRLF lines, and a BOM so
 * a spreadsheet opens Indonesian text as UTF-8. A field that starts like a formula is prefixed with an
 * apostrophe (CSV injection: a description is free text someone else chose).
 */
export function renderCsv(columns: string[], rows: string[][]): string {
  const safe = (v: string) => (/^[=+\-@\t\r]/.test(v) && !/^-?\d/.test(v) ? `'${v}` : v);
  return `\ufeff${Papa.unparse({ fields: columns, data: rows.map((r) => r.map(safe)) }, { newline: '\r\n' })}\r\n`;
}
