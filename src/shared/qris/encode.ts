/**
 * The writer: a QRIS payload from a typed input (a merchant's dynamic code for an amount, fixtures),
 * fields in tag order, 00 first and the CRC (63) last. It reads its own payload back before returning
 * it, so it never hands out a code the reader would refuse: such an input throws a QrisEncodeError.
 */
import type { Money } from '../money';
import { formatAmount, formatPercent } from './amount';
import { crc16CcittFalse } from './crc';
import { decodeQris } from './decode';
import { QrisEncodeError, type QrisError } from './errors';
import {
  ADDITIONAL_FIELDS,
  isAccountTag,
  isNamedAdditionalTag,
  isTypedAccountSubTag,
  isTypedTag,
} from './tags';
import { writeTlv } from './tlv';
import type { QrisInput, QrisTip } from './types';

export function encodeQris(input: QrisInput): string {
  const top = new Fields('');
  top.put('00', '01');
  top.put('01', input.initiation === 'static' ? '11' : '12');
  for (const account of input.merchant.accounts) {
    if (!isAccountTag(account.tag))
      refuse({
        code: 'MALFORMED_TLV',
        tag: account.tag,
        detail: `merchant account tag ${account.tag}, not 26-51`,
      });
    const sub = new Fields(`${account.tag}.`);
    sub.put('00', account.gui);
    sub.putOptional('01', account.pan);
    sub.putOptional('02', account.merchantId);
    sub.putOptional('03', account.criteria);
    sub.putOthers(account.other, isTypedAccountSubTag);
    top.put(account.tag, sub.text());
  }
  top.put('52', input.merchant.mcc);
  top.put('53', input.currency === 'IDR' ? '360' : String(input.currency));
  if (input.amount) top.put('54', amountText(input.amount, 'BAD_AMOUNT'));
  putTip(top, input.tip);
  top.put('58', 'ID');
  top.put('59', input.merchant.name);
  top.put('60', input.merchant.city);
  top.putOptional('61', input.merchant.postalCode);
  if (input.additional) {
    const sub = new Fields('62.');
    for (const [tag, name] of ADDITIONAL_FIELDS) sub.putOptional(tag, input.additional[name]);
    sub.putOthers(input.additional.other, isNamedAdditionalTag);
    if (!sub.empty()) top.put('62', sub.text());
  }
  top.putOthers(input.other, isTypedTag);

  const unsigned = `${top.text()}6304`;
  const payload = unsigned + crc16CcittFalse(unsigned);
  const reading = decodeQris(payload);
  if (!reading.ok) throw new QrisEncodeError(reading.error);
  if (input.merchant.nmid !== undefined && input.merchant.nmid !== reading.qris.merchant.nmid)
    refuse({
      code: 'INVALID_FIELD',
      tag: '51.02',
      detail: "merchant.nmid is not the national template's 02",
    });
  return payload;
}

function putTip(top: Fields, tip: QrisTip | undefined): void {
  if (!tip) return;
  if (tip.kind === 'prompt') top.put('55', '01');
  else if (tip.kind === 'fixed') {
    top.put('55', '02');
    top.put('56', amountText(tip.fee, 'BAD_TIP'));
  } else {
    const { basisPoints } = tip;
    if (!Number.isSafeInteger(basisPoints) || basisPoints < 1 || basisPoints > 9999)
      refuse({ code: 'BAD_TIP', detail: `a percentage of ${basisPoints} basis points, not 1-9999` });
    top.put('55', '03');
    top.put('57', formatPercent(basisPoints));
  }
}

function amountText(money: Money, code: 'BAD_AMOUNT' | 'BAD_TIP'): string {
  if (money.currency !== 'IDR')
    refuse({ code: 'CURRENCY_NOT_IDR', currency: money.currency, detail: `an amount in ${money.currency}` });
  if (!Number.isSafeInteger(money.amount) || money.amount <= 0)
    refuse({ code, detail: `${money.amount} is not a positive integer of minor units` });
  return formatAmount(money.amount);
}

function refuse(error: QrisError): never {
  throw new QrisEncodeError(error);
}

/** One template's fields (or the payload's), written in tag order; a tag given twice is refused. */
class Fields {
  private readonly values = new Map<string, string>();
  constructor(private readonly path: string) {}

  put(tag: string, value: string): void {
    if (this.values.has(tag))
      refuse({ code: 'MALFORMED_TLV', tag: this.path + tag, detail: `tag ${this.path}${tag} given twice` });
    if (value === '')
      refuse({ code: 'MISSING_FIELD', tag: this.path + tag, detail: `tag ${this.path}${tag} is empty` });
    if (Array.from(value).length > 99)
      refuse({
        code: 'FIELD_TOO_LONG',
        tag: this.path + tag,
        max: 99,
        detail: `tag ${this.path}${tag} is too long`,
      });
    this.values.set(tag, value);
  }

  putOptional(tag: string, value: string | undefined): void {
    if (value !== undefined) this.put(tag, value);
  }

  /** Tags the input gives as written; none of those its typed fields write. */
  putOthers(other: Record<string, string> | undefined, typed: (tag: string) => boolean): void {
    for (const [tag, value] of Object.entries(other ?? {})) {
      if (!/^\d\d$/.test(tag) || typed(tag))
        refuse({
          code: 'MALFORMED_TLV',
          tag: this.path + tag,
          detail: `"${tag}" is not an untyped tag here`,
        });
      this.put(tag, value);
    }
  }

  empty(): boolean {
    return this.values.size === 0;
  }

  text(): string {
    return [...this.values.keys()]
      .sort()
      .map((tag) => writeTlv(tag, this.values.get(tag)!))
      .join('');
  }
}
