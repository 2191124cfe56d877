import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPglite } from '../../../src/server/db/db';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

/** Starts the real server entry point on an embedded database folder, waits until it listens, stops it. */
async function startAndStop(args: string[]): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bank-main-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', ...args], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: '0',
      STATIC_DIR: path.join(dataDir, 'no-build'),
      LOG_LEVEL: 'warn',
      ARGON2_FAST: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 45_000);
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
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return dataDir;
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

describe('server entry point', () => {
  it('seeds nothing in production mode (no --demo)', async () => {
    const dataDir = await startAndStop([]);
    expect(await counts(dataDir)).toEqual({ customers: 0, banners: 0, journal: 0 });
  });
});
