import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import type { Db } from '../../../src/server/db/db';
import { testDbs } from '../engines';

export interface TestServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  baseUrl: string;
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

const DIST = path.resolve(import.meta.dirname, '../../../dist');
/** Beside dist/ on its disk, so the snapshot's assets can be hard links. */
const SNAPSHOTS = path.resolve(import.meta.dirname, '../../../node_modules/.cache/test-dist');

/**
 * The real server on a free port: a scratch database with the demo data (testDbs' engine: a copy of
 * a template seeded once a run on PostgreSQL when DATABASE_URL is set, else of this worker's seeded
 * PGlite), serving a snapshot of the built apps in dist/ (run `npm run build` first). Argon2 is tuned
 * down for the seed only: verification reads its parameters from each hash.
 */
export async function startServer(): Promise<TestServer> {
  if (!existsSync(path.join(DIST, 'index.html')))
    throw new Error('dist/ is missing: run `npm run build` first');
  const staticDir = await snapshotDist();
  process.env.ARGON2_FAST = '1';
  const db = await testDbs[0]!.openDemo();
  const app = await buildApp({ db, demo: true, staticDir });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no TCP address');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    app,
    db,
    async close() {
      await app.close();
      await db.close();
      rmSync(staticDir, { recursive: true, force: true });
    },
  };
}

/**
 * A private copy of dist/, complete (every script and style its pages name exists), so a rebuild
 * running beside the tests cannot pull files from under them: the content-hashed assets as hard
 * links (a build writes a new file, never into one of these), the rest (pages, frames) copied.
 */
async function snapshotDist(): Promise<string> {
  mkdirSync(SNAPSHOTS, { recursive: true });
  for (let attempt = 0; attempt < 60; attempt++) {
    const dir = mkdtempSync(path.join(SNAPSHOTS, 'dist-'));
    try {
      snapshotTree(DIST, dir, '');
      const pages = ['index.html', 'register/index.html', 'm/index.html'].filter((p) =>
        existsSync(path.join(dir, p)),
      );
      const complete =
        pages.includes('index.html') &&
        pages.every((p) =>
          [...readFileSync(path.join(dir, p), 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].every(
            (m) => existsSync(path.join(dir, m[1]!)),
          ),
        );
      if (complete) return dir;
    } catch {
      // dist/ changed while copying: try again
    }
    rmSync(dir, { recursive: true, force: true });
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('dist/ stayed incomplete for a minute: is a build running?');
}

function snapshotTree(from: string, to: string, rel: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const a = path.join(from, entry.name);
    const b = path.join(to, entry.name);
    const name = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) snapshotTree(a, b, name);
    else if (name.startsWith('assets/')) {
      try {
        linkSync(a, b);
      } catch {
        copyFileSync(a, b); // another disk
      }
    } else copyFileSync(a, b);
  }
}

/** SMS texts the built-in gateway sent to a phone (newest first). */
export async function outbox(
  server: TestServer,
  phone?: string,
): Promise<{ phone: string; text: string; createdAt: string }[]> {
  const q = phone ? `?phone=${encodeURIComponent(phone)}` : '';
  const res = await fetch(`${server.baseUrl}/api/dev/v1/outbox${q}`);
  if (!res.ok) throw new Error(`outbox: HTTP ${res.status}`);
  return (await res.json()) as { phone: string; text: string; createdAt: string }[];
}

/**
 * The newest 6-digit code sent to a phone (optionally one sent after `since`, give or take a second: a
 * page may send its code as it opens, just before the test takes the time). A code sent by a click the
 * test makes right after another code: otpSentBy.
 */
export async function latestOtp(server: TestServer, phone?: string, since?: Date): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const msgs = (await outbox(server, phone)).filter(
      (m) => !since || Date.parse(m.createdAt) >= since.getTime() - 1000,
    );
    const code = msgs.map((m) => /\b(\d{6})\b/.exec(m.text)?.[1]).find(Boolean);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no OTP in the outbox for ${phone ?? 'any phone'}`);
}

/**
 * The code a click sends to a phone: the first new message with a code after the click, however soon
 * after the previous one (latestOtp's second of slack would take a code sent just before).
 */
export async function otpSentBy(
  server: TestServer,
  phone: string,
  click: () => Promise<void>,
): Promise<string> {
  const last = (await outbox(server, phone))[0];
  const same = (m: { text: string; createdAt: string }) =>
    m.text === last?.text && m.createdAt === last.createdAt;
  await click();
  for (let i = 0; i < 50; i++) {
    const all = await outbox(server, phone); // newest first, the newest 50
    const fresh = last ? all.slice(0, Math.max(0, all.findIndex(same))) : all;
    const code = fresh.map((m) => /\b(\d{6})\b/.exec(m.text)?.[1]).find(Boolean);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no new OTP in the outbox for ${phone}`);
}
