/**
 * The reader: a QRIS payload (EMVCo merchant-presented mode) as pasted, scanned or typed, into a
 * typed Qris, or the first reason to refuse it. Never throws on bad input. Checks run in this order:
 * what it is (000201 at the start), its CRC, its TLV and its templates' TLV, QRIS's national template
 * (51), the required fields, then each field in tag order.
 */
import { codePointLength, readTlv } from './tlv';
import { crc16CcittFalse } from './crc';
import type { QrisError } from './errors';
import { checkText, othersOf, readTemplate, refuse, Refusal } from './refusal';
import { acquirerOf, isNationalTemplate, readAccount } from './decode-accounts';
import { readAdditional } from './decode-additional';
import { readAmount, readTip } from './decode-money';
import { isAccountTag, isTypedTag } from './tags';
import { QRIS_GUI, type Qris } from './types';

export type QrisDecoding = { ok: true; qris: Qris } | { ok: false; error: QrisError };

/** EMVCo's largest payload. */
const MAX_PAYLOAD = 512;
const CRC_FIELD = /6304(.{4})$/u;
const REQUIRED = ['01', '52', '53', '58', '59', '60'] as const;

export function decodeQris(text: string): QrisDecoding {
  try {
    return { ok: true, qris: read(text) };
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, error: e.error };
    throw e;
  }
}

function read(text: string): Qris {
  // a request body's field may be anything at run time
  if (typeof text !== 'string') refuse({ code: 'NOT_QRIS', detail: `a ${typeof text}, not text` });
  // Whitespace around a pasted payload is not part of it; anything inside is.
  const payload = text.trim();
  if (!payload.startsWith('000201'))
    refuse({ code: 'NOT_QRIS', detail: 'it does not start with the payload format indicator 000201' });
  if (codePointLength(payload) > MAX_PAYLOAD)
    refuse({ code: 'NOT_QRIS', detail: `longer than EMVCo's ${MAX_PAYLOAD} characters` });
  checkCrc(payload);

  const top = readTlv(payload);
  if (!top.ok) refuse({ code: 'MALFORMED_TLV', detail: top.detail });
  const last = top.fields.at(-1);
  if (last?.tag !== '63' || codePointLength(last.value) !== 4)
    refuse({
      code: 'MALFORMED_TLV',
      tag: '63',
      detail: 'the CRC (63) is not the last field, of 4 characters',
    });
  const fields = new Map(top.fields.map((f) => [f.tag, f.value]));
  const templates = [...fields.keys()]
    .filter(isAccountTag)
    .sort()
    .map((tag) => ({ tag, sub: readTemplate(tag, fields.get(tag)!) }));
  const additionalData = fields.has('62') ? readTemplate('62', fields.get('62')!) : undefined;
  if (!templates.some((t) => isNationalTemplate(t.tag, t.sub)))
    refuse({ code: 'NOT_QRIS', detail: `no tag 51 with the GUI ${QRIS_GUI}` });
  for (const tag of REQUIRED)
    if (!fields.has(tag)) refuse({ code: 'MISSING_FIELD', tag, detail: `tag ${tag} is missing` });
  const get = (tag: string) => fields.get(tag);

  const initiationCode = get('01')!;
  if (initiationCode !== '11' && initiationCode !== '12')
    refuse({
      code: 'INVALID_FIELD',
      tag: '01',
      detail: `point of initiation "${initiationCode}", not 11 or 12`,
    });
  const accounts = templates.map((t) => readAccount(t.tag, t.sub));
  const mcc = get('52')!;
  if (!/^\d{4}$/.test(mcc))
    refuse({ code: 'INVALID_FIELD', tag: '52', detail: `MCC "${mcc}" is not 4 digits` });
  const currency = get('53')!;
  if (currency !== '360')
    refuse({ code: 'CURRENCY_NOT_IDR', currency, detail: `currency ${currency}, not 360 (IDR)` });
  const amount = readAmount(initiationCode === '11' ? 'static' : 'dynamic', get('54'));
  const tip = readTip(get('55'), get('56'), get('57'));
  const country = get('58')!;
  if (country !== 'ID') refuse({ code: 'COUNTRY_NOT_ID', country, detail: `country "${country}", not ID` });
  const name = checkText('59', get('59')!, 25);
  const city = checkText('60', get('60')!, 15);
  const postalCode = get('61');
  if (postalCode !== undefined) checkText('61', postalCode, 10);
  const additional = readAdditional(additionalData);

  const acquirer = acquirerOf(accounts);
  const qris = {
    merchant: {
      name,
      city,
      ...(postalCode === undefined ? {} : { postalCode }),
      nmid: accounts.find((a) => a.tag === '51')!.merchantId!,
      mcc,
      accounts,
    },
    currency: 'IDR' as const,
    ...(tip ? { tip } : {}),
    additional,
    ...(acquirer === undefined ? {} : { acquirer }),
    other: othersOf(fields, isTypedTag),
  };
  return amount ? { initiation: 'dynamic', amount, ...qris } : { initiation: 'static', ...qris };
}

function checkCrc(payload: string): void {
  const crc = CRC_FIELD.exec(payload);
  if (!crc) refuse({ code: 'CRC_MISSING', detail: 'it does not end with 6304 and a CRC' });
  const found = crc[1]!;
  const expected = crc16CcittFalse(payload.slice(0, crc.index + 4));
  if (found !== expected)
    refuse({
      code: 'CRC_MISMATCH',
      expected,
      found,
      detail: `the CRC is ${found}, the payload's is ${expected} (4 uppercase hex digits)`,
    });
}
