// Starts the product as `npm start` does after its build (src/server/main.ts --demo on a scratch
// data folder) in a child process, so a bench measures what a customer's browser gets from it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface DemoServer {
  base: string;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '..');

/** Resolves once the server prints its URL (it has migrated, seeded and is listening). */
export async function startDemoServer(env: Record<string, string> = {}): Promise<DemoServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-data-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', '--demo'], {
    cwd: root,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Internet banking:\s+(http:\/\/[^/\s]+)\//.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${out}`)));
  });
  child.stdout!.resume();
  return {
    base,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Logs a demo customer in over the API, as the login page does: the credentials the app keeps. */
export async function demoLogin(
  base: string,
  browserId: string,
  userId = 'budisantoso',
  password = 'Budi@2026',
): Promise<{ accessToken: string; expires: number }> {
  const res = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-browser-id': browserId },
    body: JSON.stringify({ userId, password }),
  });
  const accessToken = res.headers.get('access_token');
  const expires = Number(res.headers.get('expires'));
  if (!res.ok || !accessToken) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return { accessToken, expires };
}
