import path from 'node:path';
import { loadReferenceData, projectFolders } from '../../shared/flows/load-node';
import type { FlowFile } from '../../shared/flows/types';
import {
  matchesWhere,
  type ListEntry,
  type Provider,
  type ProviderCategory,
  type ReferenceData,
} from '../../shared/flows/reference';
import { ApiError } from '../http/api-error';

let cache: { root: string; data: ReferenceData } | undefined;

/**
 * The server's own copy of the reference lists and provider categories (lists/, providers/ of the
 * project, or of FLOWS_ROOT), read once. Files with problems are left out; `npm run flows:check` lists them.
 */
export function referenceData(): ReferenceData {
  const root = process.env.FLOWS_ROOT ?? path.resolve(import.meta.dirname, '..', '..', '..');
  if (cache?.root !== root) cache = { root, data: loadReferenceData(projectFolders(root)).data };
  return cache.data;
}

export function invalidChoice(at: string) {
  return new ApiError(
    422,
    'CLICKS',
    'INVALID_CHOICE',
    {
      titleEng: 'Option not available',
      titleIdn: 'Pilihan tidak tersedia',
      messageEng: 'Please choose one of the options offered.',
      messageIdn: 'Silakan pilih salah satu pilihan yang tersedia.',
    },
    { [at]: { eng: 'Choose one of the options', idn: 'Pilih salah satu pilihan' } },
  );
}

const fieldOf = (p: string) => p.replace(/^form\./, '');

/** The entries a list or providers choice offers (its `where` applied). */
export function choiceEntries(spec: { source: string; list?: string; where?: Record<string, unknown> }) {
  const data = referenceData();
  const all: ListEntry[] =
    (spec.source === 'providers'
      ? data.providers[spec.list ?? '']?.providers
      : data.lists[spec.list ?? '']?.entries) ?? [];
  return all.filter((e) => matchesWhere(e, spec.where));
}

/**
 * Every list or providers choice of the form, resolved from the server's own copy: a value that is not
 * an offered entry is refused on its field. The entries become `choice.<field>.<detail>` values.
 */
export function resolveListChoices(flow: FlowFile, form: Record<string, unknown>): Record<string, ListEntry> {
  const out: Record<string, ListEntry> = {};
  for (const [field, spec] of Object.entries(flow.choices ?? {})) {
    if (spec.source !== 'list' && spec.source !== 'providers') continue;
    const value = form[field];
    if (value === undefined || value === '') continue;
    const entry = choiceEntries(spec).find((e) => e.code === value);
    if (!entry) throw invalidChoice(`/form/${field}`);
    // An option that belongs to another choice (a Steam value under Google Play) is refused, as the page
    // never offers it: `dependsOn` is the server's rule too, not only the browser's.
    if (spec.dependsOn && spec.filterKey && entry[spec.filterKey] !== form[spec.dependsOn])
      throw invalidChoice(`/form/${field}`);
    if (spec.inferFrom && spec.prefixKey) numberOfEntryOrThrow(entry, spec.prefixKey, spec.inferFrom, form);
    out[field] = entry;
  }
  return out;
}

/**
 * A choice the page infers from a number (a VA's merchant, a billing code's agency: `inferFrom` +
 * `prefixKey`) must be the entry that number belongs to: the customer may pick another on the page,
 * but a number of another merchant is refused on the number's field.
 */
function numberOfEntryOrThrow(
  entry: ListEntry,
  prefixKey: string,
  numberField: string,
  form: Record<string, unknown>,
): void {
  const prefixes = entry[prefixKey];
  const number = form[numberField];
  if (!Array.isArray(prefixes) || typeof number !== 'string') return;
  if (prefixes.some((p) => typeof p === 'string' && number.startsWith(p))) return;
  throw new ApiError(
    422,
    'CLICKS',
    'NUMBER_NOT_OF_CHOICE',
    {
      titleEng: 'Number and company do not match',
      titleIdn: 'Nomor dan perusahaan tidak sesuai',
      messageEng: `This number does not belong to ${entry.name.en}. Please check the number or the company.`,
      messageIdn: `Nomor ini bukan milik ${entry.name.id}. Silakan periksa nomor atau perusahaannya.`,
    },
    {
      [`/form/${numberField}`]: {
        eng: `Not a number of ${entry.name.en}`,
        idn: `Bukan nomor ${entry.name.id}`,
      },
    },
  );
}

/** The flow's provider: fixed by the flow, or the one the customer chose (refused when not offered). */
export function resolveProvider(
  flow: FlowFile,
  form: Record<string, unknown>,
): { category: ProviderCategory; provider: Provider } | undefined {
  const ref = flow.provider;
  if (!ref) return undefined;
  const category = referenceData().providers[ref.category];
  const field = ref.from ? fieldOf(ref.from) : undefined;
  const code = ref.code ?? (field ? form[field] : undefined);
  const provider = category?.providers.find((p) => p.code === code);
  if (!category || !provider) throw invalidChoice(`/form/${field ?? 'provider'}`);
  return { category, provider };
}
