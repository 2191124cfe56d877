/**
 * A very small PDF writer for receipts: one A4 page of Helvetica text lines. Enough for a receipt and
 * far lighter than a PDF library. Text is WinAnsi (Latin-1); other characters become "?".
 */
export interface PdfLine {
  text: string;
  size?: number;
  bold?: boolean;
  /** Right-aligned second column (a value beside its label). */
  value?: string;
  gapBefore?: number;
}

const esc = (s: string) =>
  s
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?')
    .replace(/\\/g, '\\\\')
    .replace(/\(/g, '\\(')
    .replace(/\)/g, '\\)');

// Helvetica average glyph width is about half the font size: good enough to right-align short values.
const width = (s: string, size: number) => s.length * size * 0.5;

export function buildPdf(lines: PdfLine[], title = 'Receipt'): Uint8Array {
  const left = 56;
  const right = 539;
  let y = 790;
  const ops: string[] = [];
  for (const l of lines) {
    const size = l.size ?? 11;
    y -= (l.gapBefore ?? 0) + size * 1.6;
    const font = l.bold ? 'F2' : 'F1';
    ops.push(`BT /${font} ${size} Tf ${left} ${y.toFixed(1)} Td (${esc(l.text)}) Tj ET`);
    if (l.value !== undefined) {
      const x = Math.max(left + 200, right - width(l.value, size));
      ops.push(`BT /F2 ${size} Tf ${x.toFixed(1)} ${y.toFixed(1)} Td (${esc(l.value)}) Tj ET`);
    }
  }
  const content = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Title (${esc(title)}) /Producer (Internet Banking) >>`,
  ];
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  // Every character is one byte (Latin-1), so string offsets are byte offsets.
  const bytes = new Uint8Array(out.length);
  for (let i = 0; i < out.length; i++) bytes[i] = out.charCodeAt(i) & 0xff;
  return bytes;
}
