import type { Lang, LocaleIndex } from './locale-index';
import type { LabelledValue, PageSnapshot } from './page-snapshot';

/** Texts that look like a key path: words joined by dots, optionally after "namespace:". */
const KEY_LIKE = /[A-Za-z][\w-]*(?::[A-Za-z][\w-]*)?(?:\.[\w-]+)+|[A-Za-z][\w-]*:[A-Za-z][\w-]*/g;

/**
 * Raw i18n keys on screen: a text, or a word of it, that is a key of the locales ("title.transfer",
 * "flows:bills.f.penalty"), and placeholders left unfilled ("{{name}}"). Built from the real keys, so
 * an amount ("Rp1.000,00"), a domain name or an e-mail address is never one.
 */
export function rawKeys(texts: readonly string[], keys: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    for (const m of text.matchAll(KEY_LIKE)) if (keys.has(m[0])) found.add(`"${m[0]}" in "${clip(text)}"`);
    if (/\{\{\s*[\w.]+\s*\}\}/.test(text)) found.add(`unfilled placeholder in "${clip(text)}"`);
  }
  return [...found];
}

/** A label that names an amount of money (English and Indonesian). */
const AMOUNT_LABEL =
  /amount|fee|penalt|total|balance|price|nominal|premium|instal|bill|biaya|denda|tagihan|saldo|harga|premi|angsuran|cicilan|jumlah|limit/i;
/** A label (or test id) of something that is numbers but no money: those keep their digits as they are. */
const NOT_MONEY =
  /number|nomor|\bno\b|\bcode\b|\bkode\b|\bref|\bid\b|phone|ponsel|telepon|npwp|\bva\b|virtual account|count|\bunits?\b|qty|period|periode|\bdate\b|tanggal|month|bulan|year|tahun|\bpoints?\b|\bpoin\b|tenor|\brate\b|kurs|%/i;
/** A value that is nothing but an ungrouped number of 5 digits or more: "300000", "Rp 300000", "-125000.50". */
const BARE_VALUE = /^[-+]?(?:(?:Rp|IDR|USD|SGD|EUR|JPY|AUD|GBP)\s?)?\d{5,}(?:[.,]\d{1,2})?$/;
/** A currency written before digits that are not grouped: formatMoney always groups thousands. */
const BARE_MONEY = /\b(?:Rp|IDR|USD|SGD|EUR|JPY|AUD|GBP)\s?\d{4,}(?!\d)/;

/**
 * Amounts not formatted as money: a value whose label names an amount (amount, fee, penalty, total,
 * denda, biaya, ...) that is a bare number of 5+ digits, and anywhere a currency before ungrouped
 * digits ("Rp300000"). Labels of numbers that are not money (account, card, reference, phone numbers,
 * units, dates) are left alone, and so is a value that only holds such a number among other words.
 */
export function bareAmounts(texts: readonly string[], values: readonly LabelledValue[]): string[] {
  const found = new Set<string>();
  for (const { label, value } of values) {
    if (!AMOUNT_LABEL.test(label) || NOT_MONEY.test(label) || !BARE_VALUE.test(value)) continue;
    found.add(`"${clip(value)}" under "${clip(label)}"`);
  }
  for (const text of texts) {
    const m = BARE_MONEY.exec(text);
    if (m) found.add(`"${m[0]}" in "${clip(text)}"`);
  }
  return [...found];
}

/**
 * Text of the other language: a visible text equal to the other language's value of a key whose two
 * values differ (locale-index.ts says which count), while the page shows `lang`.
 */
export function otherLanguage(texts: readonly string[], lang: Lang, index: LocaleIndex): string[] {
  const candidates = index.foreign[lang];
  const exact = new Map(candidates.filter((c) => !c.pattern).map((c) => [c.text, c.key]));
  const patterns = candidates.filter((c) => c.pattern);
  const found = new Set<string>();
  for (const text of texts) {
    const key = exact.get(text) ?? patterns.find((c) => c.pattern!.test(text))?.key;
    if (key) found.add(`"${clip(text)}" (${key})`);
  }
  return [...found];
}

/** A horizontal scroll: the document wider than the window shows, and what reaches past its edge. */
export function horizontalScroll(s: Pick<PageSnapshot, 'scrollWidth' | 'clientWidth' | 'wide'>): string[] {
  if (s.scrollWidth <= s.clientWidth) return [];
  return [
    `scrollWidth ${s.scrollWidth} > clientWidth ${s.clientWidth}: ${s.wide.join(', ') || 'no element found'}`,
  ];
}

/**
 * A page without a visible level-one heading: a screen reader's user, jumping by headings, cannot find
 * what the page is (and every page of the product names itself with one).
 */
export function missingHeading(s: Pick<PageSnapshot, 'h1'>): string[] {
  return s.h1 > 0 ? [] : ['no visible h1: the page does not say what it is to a screen reader'];
}

const clip = (s: string, n = 90) => (s.length > n ? `${s.slice(0, n)}…` : s);

export type FindingKind =
  | 'raw key'
  | 'bare amount'
  | 'other language'
  | 'horizontal scroll'
  | 'no heading'
  | 'console error'
  | 'unexpected response'
  | 'signed out'
  | 'slow';

export interface Finding {
  kind: FindingKind;
  detail: string;
}

/** Everything the snapshot shows wrong on a page in `lang`; `checkScroll` at a phone's width. */
export function inspect(
  snapshot: PageSnapshot,
  lang: Lang,
  index: LocaleIndex,
  checkScroll: boolean,
): Finding[] {
  const of = (kind: FindingKind, details: string[]) => details.map((detail) => ({ kind, detail }));
  return [
    ...of('raw key', rawKeys(snapshot.texts, index.keys)),
    ...of('bare amount', bareAmounts(snapshot.texts, snapshot.values)),
    ...of('other language', otherLanguage(snapshot.texts, lang, index)),
    ...(checkScroll ? of('horizontal scroll', horizontalScroll(snapshot)) : []),
    ...of('no heading', missingHeading(snapshot)),
  ];
}
