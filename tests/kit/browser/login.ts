import type { Page } from 'playwright-core';
import type { Persona } from '../personas';

export { PERSONAS, type Persona } from '../personas';

/**
 * Fills the login page up to the password: user id, Next, waits for the secure word.
 * Works in either language (it uses field names and test ids, not texts).
 */
export async function enterUserId(page: Page, baseUrl: string, persona: Persona): Promise<string> {
  if (!page.url().includes('/login/')) await page.goto(`${baseUrl}/login/`);
  await page.locator('input[name="userId"]').fill(persona.userId);
  await page.locator('form button[type="submit"]').click();
  const word = page.getByTestId('secure-word');
  await word.waitFor();
  return (await word.textContent()) ?? '';
}

/** Logs in through the real login page and waits for the dashboard (no challenge expected). */
export async function login(page: Page, baseUrl: string, persona: Persona): Promise<void> {
  await page.goto(`${baseUrl}/login/`);
  await enterUserId(page, baseUrl, persona);
  await page.locator('input[name="password"]').fill(persona.password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/\/dashboard\/$/);
  await page.getByTestId('dashboard').waitFor();
}
