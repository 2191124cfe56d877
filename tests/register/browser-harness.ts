import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/server/app';
import type { Db } from '../../src/server/db/db';
import { openMigratedPglite } from '../kit/engines';
import { migrate } from '../../src/server/db/migrate';
import { seedRegistrationHolders } from '../../src/server/registration/seed';
import { launchBrowser } from '../kit/browser/chromium';

export interface RegistrationServer {
  db: Db;
  app: FastifyInstance;
  base: string;
  browser: Browser;
  close(): Promise<void>;
}

/** The real server (built apps from dist/, demo mode, the holders seeded) and Debian's Chromium. */
export async function startRegistrationServer(): Promise<RegistrationServer> {
  process.env.ARGON2_FAST = '1';
  const db = await openMigratedPglite();
  await migrate(db);
  await seedRegistrationHolders(db);
  const app = await buildApp({ db, demo: true, staticDir: 'dist' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const browser = await launchBrowser();
  return {
    db,
    app,
    base,
    browser,
    async close() {
      await browser.close();
      await app.close();
      await db.close();
    },
  };
}

/** The newest 6-digit code sent to a phone (or e-mail address), read from the dev outbox. */
export async function latestCode(base: string, to: string): Promise<string> {
  const res = await fetch(`${base}/api/dev/v1/outbox?phone=${encodeURIComponent(to)}`);
  const messages = (await res.json()) as { text: string }[];
  const code = /(\d{6})/.exec(messages[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

export const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/register-shots';

/**
 * After a back or forward the screen blocks: the browser goes back, then the router undoes it on
 * its own time (a popstate later). So the page must be on `path` and stay there for half a second
 * without a break; a back that went through leaves it elsewhere for good.
 */
export async function staysOn(page: Page, path: string): Promise<void> {
  const here = () => new URL(page.url()).pathname;
  const deadline = Date.now() + 5_000;
  let since = here() === path ? Date.now() : undefined;
  while (since === undefined || Date.now() - since < 500) {
    if (Date.now() > deadline)
      throw new Error(`expected to stay on ${path} for 500 ms without a break, now on ${here()}`);
    await page.waitForTimeout(50);
    if (here() !== path) since = undefined;
    else since ??= Date.now();
  }
}

/**
 * A page in a fresh context, in English so assertions read like the spec. BROWSER_CPU_THROTTLE
 * slows it as a loaded machine would (as in tests/browser/helpers), for hunting flaky steps.
 */
export async function registrationPage(browser: Browser, height: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1000, height } });
  const throttle = Number(process.env.BROWSER_CPU_THROTTLE ?? 1);
  context.setDefaultTimeout(30_000 * throttle);
  const page = await context.newPage();
  if (throttle > 1)
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await page.addInitScript(() => localStorage.setItem('language', 'en'));
  return page;
}
