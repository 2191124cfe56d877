/**
 * EMVCo TLV: a 2-digit tag, a 2-digit length (01-99) and the value, repeated, in a payload or inside
 * a template's value. Lengths count characters (Unicode code points), as EMVCo does; each tag
 * appears at most once in one template.
 */

export interface TlvField {
  tag: string;
  value: string;
  /** Index of the tag's first character in the text read, for a developer's detail. */
  at: number;
}

export type TlvReading = { ok: true; fields: TlvField[] } | { ok: false; at: number; detail: string };

const TWO_DIGITS = /^\d\d$/;

export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

export function readTlv(text: string): TlvReading {
  const chars = Array.from(text);
  const fields: TlvField[] = [];
  const seen = new Set<string>();
  let i = 0;
  while (i < chars.length) {
    if (i + 4 > chars.length) return { ok: false, at: i, detail: `a field is cut short at ${i}` };
    const tag = chars.slice(i, i + 2).join('');
    const length = chars.slice(i + 2, i + 4).join('');
    if (!TWO_DIGITS.test(tag)) return { ok: false, at: i, detail: `"${tag}" at ${i} is not a 2-digit tag` };
    if (!TWO_DIGITS.test(length) || length === '00')
      return { ok: false, at: i, detail: `tag ${tag} at ${i} has the length "${length}", not 01-99` };
    const end = i + 4 + Number(length);
    if (end > chars.length)
      return { ok: false, at: i, detail: `tag ${tag} at ${i} says ${length} characters, fewer are left` };
    if (seen.has(tag)) return { ok: false, at: i, detail: `tag ${tag} appears twice` };
    seen.add(tag);
    fields.push({ tag, value: chars.slice(i + 4, end).join(''), at: i });
    i = end;
  }
  return { ok: true, fields };
}

/** One field as written; throws on what no reader could take back (a bad tag, an empty or >99 value). */
export function writeTlv(tag: string, value: string): string {
  const length = codePointLength(value);
  if (!TWO_DIGITS.test(tag)) throw new RangeError(`QRIS tag "${tag}" is not 2 digits`);
  if (length < 1 || length > 99) throw new RangeError(`QRIS tag ${tag} has ${length} characters, not 1-99`);
  return `${tag}${String(length).padStart(2, '0')}${value}`;
}
