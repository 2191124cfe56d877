import type { When } from '../schedules/recurrence';

export type FutureWhen = Exclude<When, { kind: 'now' }>;

/** What a scheduling inquiry keeps for its confirm (Quote.schedule): never sent to the browser. */
export interface ScheduleQuote {
  when: FutureWhen;
  /** The form each occurrence is quoted with: "when" and live quotes (schedule.requote) left out. */
  form: Record<string, unknown>;
  summary: Record<string, unknown>;
  businessDaysOnly: boolean;
}
