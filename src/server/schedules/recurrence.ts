/**
 * When a scheduled transfer runs: pure date arithmetic on the bank's (Jakarta) calendar dates,
 * written "YYYY-MM-DD". No clock and no database here, so every rule is tested on its own.
 */

/** Every n days; a day of the week (1 Monday .. 7 Sunday); a day of the month (1-31) or its end. */
export type Recurrence =
  | { every: 'day'; interval: number }
  | { every: 'week'; dayOfWeek: number }
  | { every: 'month'; dayOfMonth: number | 'EOM' };

/** What the customer chose under "when to transfer". */
export type When =
  | { kind: 'now' }
  | { kind: 'date'; date: string }
  | {
      kind: 'recurring';
      recurrence: Recurrence;
      startDate: string;
      /** The last date a transfer may run on, or the number of transfers: one of them. */
      endDate?: string;
      occurrences?: number;
    };

/** How far ahead a date may be chosen, and how many transfers a recurring instruction may make. */
export const SCHEDULE_BOUNDS = {
  maxDaysAhead: 366,
  maxYears: 5,
  maxOccurrences: 120,
  maxIntervalDays: 31,
} as const;

const DAY_MS = 86_400_000;
const parse = (d: string) => Date.parse(`${d}T00:00:00Z`);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function isDate(d: unknown): d is string {
  return typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d) && iso(parse(d)) === d;
}
export const addDays = (d: string, n: number) => iso(parse(d) + n * DAY_MS);
export const daysBetween = (from: string, to: string) => Math.round((parse(to) - parse(from)) / DAY_MS);
/** 1 Monday .. 7 Sunday. */
export const dayOfWeek = (d: string) => ((new Date(parse(d)).getUTCDay() + 6) % 7) + 1;
const lastDayOfMonth = (y: number, m: number) => new Date(Date.UTC(y, m + 1, 0)).getUTCDate();

/** The month's `day` (or its last day, when the month is shorter or day is EOM). */
function dayInMonth(y: number, m: number, day: number | 'EOM'): string {
  const last = lastDayOfMonth(y, m);
  return iso(Date.UTC(y, m, day === 'EOM' ? last : Math.min(day, last)));
}

/** The first occurrence on or after `from`. */
export function occurrenceOnOrAfter(r: Recurrence, from: string, anchor: string = from): string {
  switch (r.every) {
    case 'day': {
      // Every n days counted from the anchor (the instruction's start).
      const k = Math.max(0, Math.ceil(daysBetween(anchor, from) / r.interval));
      return addDays(anchor, k * r.interval);
    }
    case 'week':
      return addDays(from, (r.dayOfWeek - dayOfWeek(from) + 7) % 7);
    case 'month': {
      const f = new Date(parse(from));
      const y = f.getUTCFullYear();
      const m = f.getUTCMonth();
      const here = dayInMonth(y, m, r.dayOfMonth);
      return here >= from ? here : dayInMonth(y + (m === 11 ? 1 : 0), (m + 1) % 12, r.dayOfMonth);
    }
  }
}

/** The occurrence after `date` (an occurrence). */
export const occurrenceAfter = (r: Recurrence, date: string, anchor: string) =>
  occurrenceOnOrAfter(r, addDays(date, 1), anchor);

/** Saturday, Sunday or a bank holiday. */
export function isBusinessDay(d: string, holidays: ReadonlySet<string>): boolean {
  return dayOfWeek(d) < 6 && !holidays.has(d);
}

/** The date an occurrence runs on: itself, or for business-day-only transfers the next business day. */
export function runDateOf(d: string, businessDaysOnly: boolean, holidays: ReadonlySet<string>): string {
  if (!businessDaysOnly) return d;
  let x = d;
  while (!isBusinessDay(x, holidays)) x = addDays(x, 1);
  return x;
}

/**
 * The hour of day (WIB) an occurrence runs, and its retries when the balance is short: 06:00, then
 * 09:00 and 12:00 (three attempts, all before the SKN and RTGS cut-offs), then it is failed.
 */
export const RUN_HOURS_WIB = [6, 9, 12] as const;
export const MAX_ATTEMPTS = RUN_HOURS_WIB.length;

/** The instant attempt `attempt` (0-based) of a run date happens: the date at RUN_HOURS_WIB, Jakarta (UTC+7). */
export function runInstant(runDate: string, attempt: number): Date {
  const hour = RUN_HOURS_WIB[Math.min(attempt, MAX_ATTEMPTS - 1)]!;
  return new Date(parse(runDate) + (hour - 7) * 3_600_000);
}

export type WhenProblem =
  | { field: 'date' | 'startDate' | 'endDate'; problem: 'invalid' | 'past' | 'tooFar' | 'beforeStart' }
  | { field: 'recurrence'; problem: 'invalid' }
  | { field: 'end'; problem: 'missing' | 'both' | 'tooMany' | 'noOccurrence' };

/**
 * Checks a "when" against today (the bank's date): a date must be tomorrow or later (today is "now")
 * and at most a year ahead; a recurrence needs a valid rule, a start from tomorrow and one end (a date
 * within five years, or 1-120 transfers) that leaves at least one occurrence.
 */
export function checkWhen(w: When, today: string): WhenProblem | null {
  if (w.kind === 'now') return null;
  if (w.kind === 'date') {
    if (!isDate(w.date)) return { field: 'date', problem: 'invalid' };
    if (w.date <= today) return { field: 'date', problem: 'past' };
    if (daysBetween(today, w.date) > SCHEDULE_BOUNDS.maxDaysAhead)
      return { field: 'date', problem: 'tooFar' };
    return null;
  }
  const r = w.recurrence as Partial<Recurrence> & Record<string, unknown>;
  const intOk = (v: unknown, lo: number, hi: number) =>
    Number.isInteger(v) && (v as number) >= lo && (v as number) <= hi;
  const ruleOk =
    (r?.every === 'day' && intOk(r.interval, 1, SCHEDULE_BOUNDS.maxIntervalDays)) ||
    (r?.every === 'week' && intOk(r.dayOfWeek, 1, 7)) ||
    (r?.every === 'month' && (r.dayOfMonth === 'EOM' || intOk(r.dayOfMonth, 1, 31)));
  if (!ruleOk) return { field: 'recurrence', problem: 'invalid' };
  if (!isDate(w.startDate)) return { field: 'startDate', problem: 'invalid' };
  if (w.startDate <= today) return { field: 'startDate', problem: 'past' };
  if (daysBetween(today, w.startDate) > SCHEDULE_BOUNDS.maxDaysAhead)
    return { field: 'startDate', problem: 'tooFar' };
  const hasEnd = w.endDate !== undefined;
  const hasCount = w.occurrences !== undefined;
  if (!hasEnd && !hasCount) return { field: 'end', problem: 'missing' };
  if (hasEnd && hasCount) return { field: 'end', problem: 'both' };
  if (hasCount && !intOk(w.occurrences, 1, SCHEDULE_BOUNDS.maxOccurrences))
    return { field: 'end', problem: 'tooMany' };
  if (hasEnd) {
    if (!isDate(w.endDate)) return { field: 'endDate', problem: 'invalid' };
    if (w.endDate < w.startDate) return { field: 'endDate', problem: 'beforeStart' };
    if (daysBetween(today, w.endDate) > SCHEDULE_BOUNDS.maxYears * 366)
      return { field: 'endDate', problem: 'tooFar' };
    if (occurrenceOnOrAfter(w.recurrence, w.startDate) > w.endDate)
      return { field: 'end', problem: 'noOccurrence' };
  }
  return null;
}
