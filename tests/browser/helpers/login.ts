import type { Page } from 'playwright-core';

export interface Persona {
  userId: string;
  password: string;
  secureWord: string;
}

/** CONTRACTS.md "Demo personas". */
export const PERSONAS = {
  budi: { userId: 'budisantoso', password: 'Budi@2026', secureWord: 'sunflower' },
  sari: { userId: 'saridewi', password: 'Sari@2026', secureWord: 'mangosteen' },
  andi: { userId: 'andiwijaya', password: 'Andi@2026', secureWord: 'volcano' },
  rina: { userId: 'rinanodefault', password: 'Rina@2026', secureWord: 'lighthouse' },
  dewi: { userId: 'dewifds', password: 'Dewi@2026', secureWord: 'waterfall' },
  bayu: { userId: 'bayubds', password: 'Bayu@2026', secureWord: 'rainforest' },
} as const satisfies Record<string, Persona>;

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
