/**
 * Rules as data, shared by the server (which enforces them) and the checker: limit categories and
 * cut-off times declared once (rules/*.json), and a flow's own `rules` (fees, min/max, limit
 * category and cut-off by the values of the transaction). See docs/flow-engine-v2.md section 4.
 */
import limitCategoriesFile from '../../../rules/limit-categories.json';
import cutOffsFile from '../../../rules/cut-offs.json';
import holidaysFile from '../../../rules/holidays.json';
import { readValue, type ValueContext } from './values';
import type { FlowFile } from './types';
import type { FeeSpec } from './rule-types';

export interface LimitCategory {
  min: number;
  maxPerTransaction: number;
  daily: number | null;
}

export interface CutOff {
  /** HH:MM, Asia/Jakarta. */
  time: string;
  after: 'refuse' | 'nextBusinessDay';
  /** "business" (default): Monday to Friday only; "all": every day. */
  days?: 'business' | 'all';
}

const strip = <T>(file: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(file).filter(([k]) => !k.startsWith('$'))) as Record<string, T>;

// (pure: a page that imports this package for something else carries none of the three files)
/** Every limit category, with its defaults (rules/limit-categories.json). */
export const LIMIT_CATEGORIES = /* @__PURE__ */ strip<LimitCategory>(limitCategoriesFile);
/** Every cut-off (rules/cut-offs.json). */
export const CUT_OFFS = /* @__PURE__ */ strip<CutOff>(cutOffsFile);
/** Days the bank does not clear, by YYYY-MM-DD in Jakarta, with their names (rules/holidays.json). */
export const HOLIDAYS = /* @__PURE__ */ strip<{ en: string; id: string }>(holidaysFile);

export type { FeeSpec, FlowRule } from './rule-types';

export interface EffectiveRules {
  fees: FeeSpec[];
  min?: number;
  max?: number;
  limitCategory: string;
  cutOff?: string;
}

const matches = (want: unknown, got: unknown) =>
  Array.isArray(want) ? want.some((w) => w === got) : want === got;

/** What applies to this transaction: the flow's posting, overridden by each matching rule in order. */
export function effectiveRules(flow: FlowFile, ctx: ValueContext): EffectiveRules {
  const out: EffectiveRules = {
    fees: flow.posting?.fees ?? [],
    limitCategory: flow.posting?.limitCategory ?? 'none',
  };
  for (const rule of flow.rules ?? []) {
    if (!Object.entries(rule.when ?? {}).every(([p, want]) => matches(want, readValue(ctx, p)))) continue;
    if (rule.fees) out.fees = rule.fees;
    if (rule.min !== undefined) out.min = rule.min;
    if (rule.max !== undefined) out.max = rule.max;
    if (rule.limitCategory) out.limitCategory = rule.limitCategory;
    if (rule.cutOff) out.cutOff = rule.cutOff;
  }
  return out;
}

const JAKARTA_MS = 7 * 3_600_000;

/**
 * Whether `now` is past the cut-off (or not a business day), and the next business day (YYYY-MM-DD,
 * Jakarta): weekends and the holidays of rules/holidays.json are skipped. `holiday`: the first
 * holiday that moved the date (today's, or one skipped), to tell the customer why.
 */
export function cutOffState(
  c: CutOff,
  now: Date,
  holidays: Record<string, { en: string; id: string }> = HOLIDAYS,
): { after: boolean; nextBusinessDay: string; holiday?: { en: string; id: string } } {
  const local = new Date(now.getTime() + JAKARTA_MS);
  const [h, m] = c.time.split(':').map(Number) as [number, number];
  const minutes = local.getUTCHours() * 60 + local.getUTCMinutes();
  const day = (d: Date) => d.toISOString().slice(0, 10);
  let holiday: { en: string; id: string } | undefined;
  const business = (d: Date) => {
    if (c.days === 'all') return true;
    const named = holidays[day(d)];
    holiday ??= named;
    return !named && d.getUTCDay() !== 0 && d.getUTCDay() !== 6;
  };
  const after = !business(local) || minutes >= h * 60 + m;
  const next = new Date(local);
  do next.setUTCDate(next.getUTCDate() + 1);
  while (!business(next));
  return { after, nextBusinessDay: day(next), ...(holiday ? { holiday } : {}) };
}
