// Locale keys: every text a flow names exists, not blank, in both languages.
import { lookupLocaleKey } from '../locale-key';
import type { FlowUnderCheck } from './context';

export const LANGS = ['id', 'en'] as const;

export function checkKey(ctx: FlowUnderCheck, key: unknown, path: string): void {
  if (typeof key !== 'string' || !key) return;
  const missing = LANGS.filter((l) => {
    const v = lookupLocaleKey((ns) => ctx.run.input.locales[l]?.[ns], key);
    return typeof v !== 'string' || v.trim() === '';
  });
  if (missing.length)
    ctx.report(
      path,
      `The text "${key}" is missing in ${missing
        .map((l) => (l === 'id' ? 'Indonesian' : 'English'))
        .join(
          ' and ',
        )} (add it to ${missing.map((l) => `locales/${l}/${key.split(':')[0] ?? 'flows'}.json`).join(' and ')}).`,
    );
}
