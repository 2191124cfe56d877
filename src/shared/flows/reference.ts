/**
 * Reference data as files (pure data, shared by the server and the checker): reference lists
 * (lists/<name>.json: banks, countries, provinces, schools...) and provider categories
 * (providers/<category>.json: billers, operators, PDAMs, insurers... with what their look-up and
 * payment answer, as JSON Schema). See docs/flow-engine-v2.md.
 */
import type { ChoiceOption } from './api';
import type { PendingCode } from './types';

/** A text in both languages. */
export interface LocalText {
  en: string;
  id: string;
}

/** One entry of a list: a code, its name in both languages, and any details (bank: bifast, rtgs...). */
export interface ListEntry {
  code: string;
  name: LocalText;
  [detail: string]: unknown;
}

export interface RefList {
  $schema?: string;
  id: string;
  /** Details searched by GET /api/reference/v1/lists/<id>?q= besides the code and both names. */
  search?: string[];
  entries: ListEntry[];
}

/** JSON Schema of an answer; a property's "x-simulate" says how the simulated back end fills it. */
export interface AnswerSchema {
  type?: 'object';
  properties: Record<string, { type?: string; description?: string; 'x-simulate'?: string | number }>;
  required?: string[];
}

export interface Provider extends ListEntry {
  /** The bank's settlement account for this provider (an internal account, opened on first use). */
  settlementAccount: string;
}

export interface ProviderCategory {
  $schema?: string;
  category: string;
  /** The look-up (provider.inquiry): the number field it needs and what it answers. */
  lookup?: { answer: AnswerSchema };
  /** What a payment (provider.pay) answers besides billerReference: a token, a serial, kWh... */
  payment?: { answer: AnswerSchema };
  /** Error codes of these providers that mean "in progress", besides spec section 8's. */
  pendingCodes?: PendingCode[];
  providers: Provider[];
}

export interface ReferenceData {
  lists: Record<string, RefList>;
  providers: Record<string, ProviderCategory>;
}

/** Details every provider look-up answers, whatever its category declares. */
export const PROVIDER_DETAILS = ['providerCategory', 'providerCode', 'providerName', 'customerNumber'];
/** Details every provider payment answers. */
export const PAYMENT_DETAILS = ['billerReference'];

export const isLocalText = (v: unknown): v is LocalText =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as LocalText).en === 'string' &&
  typeof (v as LocalText).id === 'string';

/** An entry as a form option: value = code, labels = names, detail = the rest. */
export function entryAsChoice(e: ListEntry): ChoiceOption {
  const { code, name, ...detail } = e;
  return { value: code, labelEng: name.en, labelIdn: name.id, detail };
}

/** Whether an entry passes a choice's `where` (each key equals, or is one of a list). */
export function matchesWhere(e: ListEntry, where: Record<string, unknown> | undefined): boolean {
  if (!where) return true;
  return Object.entries(where).every(([k, want]) =>
    Array.isArray(want) ? want.includes(e[k]) : e[k] === want,
  );
}

/** Entries whose code, names or `search` details contain every word of q (case-insensitive). */
export function searchEntries(list: RefList, q: string | undefined, entries = list.entries): ListEntry[] {
  const words = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return entries;
  return entries.filter((e) => {
    const hay = [e.code, e.name.en, e.name.id, ...(list.search ?? []).map((k) => String(e[k] ?? ''))]
      .join(' ')
      .toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}
