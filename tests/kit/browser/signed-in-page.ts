import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { keepEvidence, newContext, sharedBrowser, type ContextOptions } from './chromium';
import { signIn, type Persona } from './login';
import { startServer, type TestServer } from './test-server';

export interface ServerAndBrowser {
  server: TestServer;
  browser: Browser;
}

/**
 * A test file's own server (fresh database, demo personas) and the worker's Chromium: ready before its
 * tests; after them the server is closed, and so is every browser context the file opened. Read them
 * as `env.server` / `env.browser` inside tests.
 */
export function serverAndBrowser(): ServerAndBrowser {
  const env = {} as ServerAndBrowser;
  let before = new Set<BrowserContext>();
  beforeAll(async () => {
    [env.server, env.browser] = await Promise.all([startServer(), sharedBrowser()]);
    before = new Set(env.browser.contexts());
  });
  afterAll(async () => {
    await Promise.all(
      env.browser
        ?.contexts()
        .filter((c) => !before.has(c))
        .map((c) => c.close()) ?? [],
    );
    await env.server?.close();
  });
  return env;
}

export interface SignedInSession {
  context: BrowserContext;
  page: Page;
  /** Failed calls and page errors seen so far (newContext). */
  problems: string[];
}

/**
 * One signed-in page for a describe's tests, which run in order as the steps of one session, each
 * with its own time: opened and logged in before them, closed after them. A failing step leaves its
 * evidence (keepEvidence). Read it as `s.page` inside the steps.
 */
export function signedInSession(
  env: ServerAndBrowser,
  persona: Persona,
  opts: ContextOptions,
): SignedInSession {
  const session = {} as SignedInSession;
  beforeAll(async () => {
    Object.assign(session, await newContext(env.browser, opts));
    await signIn(session.page, env.server.baseUrl, persona);
  });
  afterEach(async (ctx) => {
    const result = ctx.task.result;
    if (result?.state === 'fail')
      await keepEvidence(session.page, ctx.task.name, result.errors?.[0], session.problems);
  });
  afterAll(async () => {
    await session.context?.close();
  });
  return session;
}
