import { formatBankDate } from '../bank-time';
import type { FlowFile } from './types';
import WHEN_UI from './when-ui.json';
import enEngine from '../../../locales/en/engine.json';
import idEngine from '../../../locales/id/engine.json';
import enSchedule from '../../../locales/en/schedule.json';
import idSchedule from '../../../locales/id/schedule.json';

/**
 * "When to transfer" as a flow declares it (`"schedule": { "field": "when" }`, its schema the shared
 * fragment schemas/forms/shared/when.json). Shared by the browser (the field's layout and texts) and
 * the server (reading the field, describing it on verify and the receipt).
 */

/** The field's uiSchema (radio choices, date pickers, texts under `engine:when.*`), one for every flow. */
export const WHEN_UI_SCHEMA: Record<string, unknown> = WHEN_UI;

/**
 * The form's uiSchema with the schedule field's shared layout, unless the flow writes its own; only
 * when the field is on this form (`fields`: a multi-step inquiry's earlier step has not got it).
 */
export function uiSchemaWithSchedule(
  flow: Pick<FlowFile, 'schedule'>,
  ui: Record<string, unknown> | undefined,
  fields?: ReadonlySet<string>,
): Record<string, unknown> | undefined {
  const field = flow.schedule?.field;
  if (!field || (fields && !fields.has(field)) || ui?.[field]) return ui;
  return { ...(ui ?? {}), [field]: WHEN_UI_SCHEMA };
}

/** The "when" object the form holds (the fragment's shape). */
export interface WhenForm {
  kind?: 'now' | 'date' | 'recurring';
  date?: string;
  every?: 'day' | 'week' | 'month';
  interval?: number;
  dayOfWeek?: string;
  dayOfMonth?: string;
  startDate?: string;
  endKind?: 'date' | 'count';
  endDate?: string;
  occurrences?: number;
}

/** The field's value, or "now" when the flow has no schedule or the form does not say. */
export function whenFormOf(flow: Pick<FlowFile, 'schedule'>, form: Record<string, unknown>): WhenForm {
  const field = flow.schedule?.field;
  const v = field ? form[field] : undefined;
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as WhenForm) : { kind: 'now' };
}

type Lang = 'en' | 'id';
/**
 * describeWhen's words, from the locales: schedule:when.* (a namespace only the server reads) and the
 * weekdays of engine:when.weekdays (the field's). Read as JSON, so the server says them too; looked up
 * when asked, so a bundle that never describes a "when" (the browser's) drops the files.
 */
function wordsOf(lang: Lang) {
  const [schedule, engine] = lang === 'en' ? [enSchedule, enEngine] : [idSchedule, idEngine];
  return { ...schedule.when, weekdays: engine.when.weekdays as Record<string, string> };
}
/** A text with its {{placeholders}} filled in, as a template literal would write each value. */
const fill = (text: string, values: Record<string, unknown>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));
const day = (d: string, lang: Lang) =>
  formatBankDate(d, lang, { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * What verify and the receipt say of a future "when", in one language: "On 12 August 2026", or "Every
 * month on day 5, from 5 August 2026, 12 transfers" / "... until 5 August 2027". Undefined for now.
 */
export function describeWhen(w: WhenForm, lang: Lang): string | undefined {
  const words = wordsOf(lang);
  if (w.kind === 'date' && w.date) return fill(words.on, { date: day(w.date, lang) });
  if (w.kind !== 'recurring') return undefined;
  const how =
    w.every === 'day'
      ? w.interval === 1
        ? words.everyDay
        : fill(words.everyDays, { count: w.interval })
      : w.every === 'week'
        ? fill(words.everyWeekday, { weekday: words.weekdays[String(Number(w.dayOfWeek))] ?? '' })
        : w.dayOfMonth === 'EOM'
          ? words.everyMonthEnd
          : fill(words.everyMonthOn, { day: w.dayOfMonth });
  const from = w.startDate ? fill(words.from, { date: day(w.startDate, lang) }) : '';
  const end =
    w.endKind === 'count'
      ? fill(w.occurrences === 1 ? words.transfers_one : words.transfers_other, { count: w.occurrences })
      : w.endDate
        ? fill(words.until, { date: day(w.endDate, lang) })
        : '';
  return [how, from, end].filter(Boolean).join(', ');
}
