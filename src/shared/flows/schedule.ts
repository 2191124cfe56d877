import { formatBankDate } from '../bank-time';
import type { FlowFile } from './types';
import WHEN_UI from './when-ui.json';

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
const WEEKDAYS: Record<Lang, string[]> = {
  en: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  id: ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu', 'Minggu'],
};
const day = (d: string, lang: Lang) =>
  formatBankDate(d, lang, { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * What verify and the receipt say of a future "when", in one language: "On 12 August 2026", or "Every
 * month on day 5, from 5 August 2026, 12 transfers" / "... until 5 August 2027". Undefined for now.
 */
export function describeWhen(w: WhenForm, lang: Lang): string | undefined {
  const en = lang === 'en';
  if (w.kind === 'date' && w.date) return en ? `On ${day(w.date, lang)}` : `Pada ${day(w.date, lang)}`;
  if (w.kind !== 'recurring') return undefined;
  const how =
    w.every === 'day'
      ? en
        ? `Every ${w.interval === 1 ? 'day' : `${w.interval} days`}`
        : `Setiap ${w.interval === 1 ? 'hari' : `${w.interval} hari`}`
      : w.every === 'week'
        ? en
          ? `Every ${WEEKDAYS.en[Number(w.dayOfWeek) - 1] ?? ''}`
          : `Setiap hari ${WEEKDAYS.id[Number(w.dayOfWeek) - 1] ?? ''}`
        : w.dayOfMonth === 'EOM'
          ? en
            ? 'Every month on its last day'
            : 'Setiap akhir bulan'
          : en
            ? `Every month on day ${w.dayOfMonth}`
            : `Setiap bulan pada tanggal ${w.dayOfMonth}`;
  const from = w.startDate ? (en ? `from ${day(w.startDate, lang)}` : `mulai ${day(w.startDate, lang)}`) : '';
  const end =
    w.endKind === 'count'
      ? en
        ? `${w.occurrences} transfer${w.occurrences === 1 ? '' : 's'}`
        : `${w.occurrences} kali transfer`
      : w.endDate
        ? en
          ? `until ${day(w.endDate, lang)}`
          : `sampai ${day(w.endDate, lang)}`
        : '';
  return [how, from, end].filter(Boolean).join(', ');
}
