import type { Page } from 'playwright-core';
import { latestOtp, type TestServer } from './test-server';

/**
 * Logs the companion app (/m/, already open) in with user id and app PIN. A device new to the customer
 * is asked for the SMS code first (enrolment for approvals): it is read from the outbox and typed.
 */
export async function companionLogin(page: Page, server: TestServer, userId: string, pin: string) {
  await page.getByTestId('mobile-user-id').fill(userId);
  await page.getByTestId('mobile-pin').fill(pin);
  const since = new Date();
  await page.getByTestId('mobile-login').click();
  await page.getByTestId('mobile-enrol-code').waitFor();
  await page.getByTestId('mobile-enrol-code').fill(await latestOtp(server, undefined, since));
  await page.getByTestId('mobile-enrol-submit').click();
}
