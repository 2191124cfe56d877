import { apiPost } from '@/shared/api/client';
import type { DashboardSummary } from './api';

let early: Promise<DashboardSummary> | undefined;

/**
 * The app's entry asks for the dashboard's summary at once when it opens on /dashboard/ with a
 * session (src/app/main.tsx), so the answer is on its way while the page's scripts load instead of
 * being asked for after them (issue 20: LCP). Imports nothing but the API client, which the entry has.
 */
export function prefetchDashboardSummary(): void {
  early = apiPost<DashboardSummary>('/api/dashboard/v1/summary', {});
  // Taken (and its failure shown) by the page; unhandled only if the page never opens.
  early.catch(() => undefined);
}

/** The early answer, once: a retry or a later visit asks again. */
export function takeEarlySummary(): Promise<DashboardSummary> | undefined {
  const e = early;
  early = undefined;
  return e;
}
