import { apiPost } from './client';

const early = new Map<string, Promise<unknown>>();

/**
 * The app's entry asks for what the page it opens on will ask for first (src/app/main.tsx: the
 * dashboard's summary), so the answer is on its way while the page's scripts load instead of being
 * asked for after them (issue 20: LCP). A POST with an empty body and the session's headers.
 */
export function requestEarly(path: string): void {
  const answer = apiPost<unknown>(path, {});
  // Taken (and its failure shown) by the page; unhandled only if the page never opens.
  answer.catch(() => undefined);
  early.set(path, answer);
}

/** The early answer for `path`, once: a retry or a later visit asks again. */
export function takeEarly<T>(path: string): Promise<T> | undefined {
  const answer = early.get(path) as Promise<T> | undefined;
  early.delete(path);
  return answer;
}

/** The early answer for `path` if there is one, else what `ask` asks now. */
export function earlyOr<T>(path: string, ask: () => Promise<T>): Promise<T> {
  return takeEarly<T>(path) ?? ask();
}

/**
 * What every signed-in page's frame asks for as it mounts (the customer, the cart's and the mailbox's
 * counts): asked for by the app's entry beside the page's scripts, so their answers do not wait for
 * the scripts and then add a round trip of their own before the page is whole.
 */
export const SHELL_CALLS = {
  me: '/api/v1/session/me',
  cartCount: '/api/cart/v1/count',
  mailboxBadge: '/api/mailbox/v1/badge',
} as const;
