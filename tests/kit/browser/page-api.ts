import type { Page, Response } from 'playwright-core';
import type { TestServer } from './test-server';

export { BUDI_PHONES } from '../personas';

/** The page's own session (same token and browser id), so API checks never start a second session. */
export async function sessionHeaders(page: Page): Promise<Record<string, string>> {
  const { token, browserId } = await page.evaluate(() => ({
    token: (JSON.parse(sessionStorage.getItem('credentials') ?? '{}') as { accessToken?: string })
      .accessToken,
    browserId: localStorage.getItem('browserId'),
  }));
  if (!token || !browserId) throw new Error('the page has no session');
  return {
    'content-type': 'application/json',
    authorization: `Bearer ${token}`,
    'x-browser-id': browserId,
  };
}

const send = (server: TestServer, headers: Record<string, string>, path: string, body: unknown) =>
  fetch(`${server.baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });

export async function postApi<T>(
  server: TestServer,
  headers: Record<string, string>,
  path: string,
  body: unknown,
): Promise<{ status: number; body: T }> {
  const res = await send(server, headers, path, body);
  return { status: res.status, body: (await res.json()) as T };
}

/**
 * A call with the page's current token, as the page itself would make it. When the server rotates
 * the token for this call (it was 30 s old), the new one is handed to the page: otherwise the page
 * would keep one that stops working 30 s later (the grace of a replaced token).
 */
export async function postAsPage<T>(
  page: Page,
  server: TestServer,
  path: string,
  body: unknown,
): Promise<{ status: number; body: T }> {
  const headers = await sessionHeaders(page);
  const res = await send(server, headers, path, body);
  const token = res.headers.get('access_token');
  if (token && headers.authorization !== `Bearer ${token}`)
    await page.evaluate((t) => {
      const c = JSON.parse(sessionStorage.getItem('credentials') ?? '{}') as Record<string, unknown>;
      sessionStorage.setItem('credentials', JSON.stringify({ ...c, accessToken: t }));
    }, token);
  return { status: res.status, body: (await res.json()) as T };
}

interface SummaryAccount {
  id: number;
  accountNo: string;
  balance: { amount: number; currency: string };
}

/** An account of the session's customer, from the dashboard summary (balance in minor units). */
export async function accountOf(
  server: TestServer,
  headers: Record<string, string>,
  accountNo: string,
): Promise<SummaryAccount> {
  return accountIn(
    await postApi<{ accounts: SummaryAccount[] }>(server, headers, '/api/dashboard/v1/summary', {}),
    accountNo,
  );
}

function accountIn(
  summary: { status: number; body: { accounts: SummaryAccount[] } },
  accountNo: string,
): SummaryAccount {
  if (summary.status !== 200) throw new Error(`summary: HTTP ${summary.status}`);
  const account = summary.body.accounts.find((a) => a.accountNo === accountNo);
  if (!account) throw new Error(`no account ${accountNo} in the summary`);
  return account;
}

/** An account of the page's customer, asked with the page's own token (postAsPage). */
export async function accountAsPage(
  page: Page,
  server: TestServer,
  accountNo: string,
): Promise<SummaryAccount> {
  return accountIn(
    await postAsPage<{ accounts: SummaryAccount[] }>(page, server, '/api/dashboard/v1/summary', {}),
    accountNo,
  );
}

/** Waits for the JSON answer of a transaction API call (e.g. 'inquiry', 'confirm'). */
export async function jsonOf<T>(response: Promise<Response>): Promise<T> {
  return (await (await response).json()) as T;
}

export const isCall = (name: string) => (r: Response) =>
  r.url().endsWith(`/api/transaction/v1/${name}`) && r.request().method() === 'POST';

/** Goes to a page as the app's own links do (no reload: the session and loaded code stay). */
export async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
  await page.waitForURL((u) => `${u.pathname}${u.search}` === path);
}
