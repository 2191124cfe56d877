import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPglite } from '../../../src/server/db/db';

const dirs: string[] = [];
afterAll(async () => {
  // Retried: a loaded machine can still be writing a closed database's last files (ENOTEMPTY).
  for (const d of dirs) await rm(d, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
});

/**
 * Starts the real server entry point on an embedded database folder, waits until it listens, runs
 * `meanwhile` against it, stops it (SIGTERM) and returns the folder and everything it printed.
 */
async function startAndStop(
  args: string[],
  opts: { logLevel?: string; meanwhile?: (baseUrl: string) => Promise<void> } = {},
): Promise<{ dataDir: string; output: string }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bank-main-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', ...args], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: '0',
      STATIC_DIR: path.join(dataDir, 'no-build'),
      LOG_LEVEL: opts.logLevel ?? 'warn',
      ARGON2_FAST: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL'); // not left writing into the folder the clean-up removes
      reject(new Error(`server did not start:\n${output}`));
    }, 150_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Internet banking:')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const baseUrl = /Internet banking: +(http:\/\/[^/]+)\//.exec(output)?.[1];
  if (!baseUrl) throw new Error(`no address printed:\n${output}`);
  await opts.meanwhile?.(baseUrl);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  return { dataDir, output };
}

async function counts(dataDir: string) {
  const db = await openPglite(dataDir);
  try {
    const { rows } = await db.query<{ customers: number; banners: number; journal: number }>(
      `SELECT (SELECT count(*) FROM customers)::int8 AS customers,
              (SELECT count(*) FROM maintenance_banners)::int8 AS banners,
              (SELECT count(*) FROM journal)::int8 AS journal`,
    );
    return rows[0]!;
  } finally {
    await db.close();
  }
}

// One start of the entry point in production mode (a fresh embedded database runs every migration, the
// slow part: over 45 s on a loaded 2-core machine, hence the long bounds), read by each check.
describe('server entry point', () => {
  let run: { dataDir: string; output: string };
  beforeAll(async () => {
    run = await startAndStop([], {
      logLevel: 'info',
      meanwhile: async (baseUrl) => {
        const res = await fetch(`${baseUrl}/register`, { redirect: 'manual' });
        expect(res.status).toBe(301);
      },
    });
  }, 180_000);

  it('seeds nothing in production mode (no --demo)', async () => {
    expect(await counts(run.dataDir)).toEqual({ customers: 0, banners: 0, journal: 0 });
  });

  it('logs each request and, on SIGTERM, writes every buffered line before it exits', () => {
    const log = run.output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string; req?: { url: string }; res?: { statusCode: number } });
    expect(log.find((l) => l.msg === 'incoming request')?.req?.url).toBe('/register');
    expect(log.find((l) => l.msg === 'request completed')?.res?.statusCode).toBe(301);
    // Logged while closing, after the last request: exit writes whatever is still buffered.
    expect(log.at(-1)?.msg).toBe('shutting down');
  });
});
