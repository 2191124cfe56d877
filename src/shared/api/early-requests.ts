import { apiPost } from './client';

const early = new Map<string, Promise<unknown>>();
/** The early answers that have arrived, by path: a frame drawn after one arrived starts with it. */
const arrived = new Map<string, unknown>();

/**
 * The app's entry asks for what the page it opens on will ask for first (src/app/main.tsx: the
 * dashboard's summary), so the answer is on its way while the page's scripts load instead of being
 * asked for after them (issue 20: LCP). A POST with an empty body and the session's headers.
 */
export function requestEarly(path: string): void {
  const answer = apiPost<unknown>(path, {});
  // Taken (and its failure shown) by the page; unhandled only if the page never opens.
  answer.then(
    (value) => early.get(path) === answer && arrived.set(path, value),
    () => undefined,
  );
  early.set(path, answer);
}

/** The early answer for `path`, once: a retry or a later visit asks again. */
export function takeEarly<T>(path: string): Promise<T> | undefined {
  const answer = early.get(path) as Promise<T> | undefined;
  early.delete(path);
  arrived.delete(path);
  return answer;
}

/**
 * The early answer for `path` if it has already arrived, once (then as takeEarly): a component that
 * starts with it draws once, not first without it and again when its effect has read the promise.
 */
export function takeArrived<T>(path: string): T | undefined {
  if (!arrived.has(path)) return undefined;
  const value = arrived.get(path) as T;
  takeEarly(path);
  return value;
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
