import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { startServer, type TestServer } from './server';

export interface ServerAndBrowser {
  server: TestServer;
  browser: Browser;
}

/**
 * A test file's own server (fresh database, demo personas) and Chromium: started together before its
 * tests, both closed after them. Read them as `env.server` / `env.browser` inside tests.
 */
export function serverAndBrowser(): ServerAndBrowser {
  const env = {} as ServerAndBrowser;
  beforeAll(async () => {
    [env.server, env.browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  return env;
}
