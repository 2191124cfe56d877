/** Payloads by hand for the tests: fields written as TLV and a CRC computed over them, bad or good. */
import { crc16CcittFalse } from '@/shared/qris';

/** One TLV field; the length counts characters, as EMVCo does. */
export function field(tag: string, value: string): string {
  return `${tag}${String(Array.from(value).length).padStart(2, '0')}${value}`;
}

/** Fields of a template (or a payload), in tag order (an object would put "26" before "00"). */
export function fields(entries: Record<string, string | undefined>): string {
  return Object.entries(entries)
    .filter((e): e is [string, string] => e[1] !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([tag, value]) => field(tag, value))
    .join('');
}

/** `body` with a correct CRC field after it. */
export function signed(body: string): string {
  return `${body}6304${crc16CcittFalse(`${body}6304`)}`;
}

export const ACQUIRER = fields({
  '00': 'ID.CO.CIMBNIAGA.WWW',
  '01': '9360002200000827310',
  '02': 'OCTO0082731',
  '03': 'UMI',
});
export const NATIONAL = fields({ '00': 'ID.CO.QRIS.WWW', '02': 'ID1026000827310', '03': 'UMI' });

/** A valid static code's fields; each test overrides (or with undefined, leaves out) what it breaks. */
export const STATIC_FIELDS: Record<string, string> = {
  '00': '01',
  '01': '11',
  '26': ACQUIRER,
  '51': NATIONAL,
  '52': '5814',
  '53': '360',
  '58': 'ID',
  '59': 'Kopi Santoso',
  '60': 'JAKARTA SELATAN',
  '61': '12190',
};

/** A signed payload of STATIC_FIELDS with `changes` (undefined leaves a tag out). */
export function payload(changes: Record<string, string | undefined> = {}): string {
  return signed(fields({ ...STATIC_FIELDS, ...changes }));
}
