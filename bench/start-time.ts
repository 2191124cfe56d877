// The time from `npm start` to the first page (the login page's HTML and its scripts served), on a
// fresh clone of this repository's HEAD (no dist/, no data/: `npm start` builds, migrates, seeds) and
// on a second start of the same clone (nothing changed: no build). Issue 20's target: a second start
// serves its first page within 3 s. Also printed: when the API answers too (the login page's first
// call, its maintenance banners): the built apps are served while the database opens and the API is
// built (src/server/http/boot-server.ts), and the API's requests wait for it. node_modules is linked from this checkout (what `npm ci` would
// install; its time is not part of `npm start`'s).   node --import tsx bench/start-time.ts
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (a && typeof a === 'object' ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

/** Starts `npm start` in `dir`; the seconds until /login/ and its scripts are served, and until the API answers. */
async function timeStart(dir: string, dataDir: string): Promise<{ page: number; api: number }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  const seconds = () => (performance.now() - t0) / 1000;
  try {
    let page: number | undefined;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      try {
        if (page === undefined) {
          const res = await fetch(`${base}/login/`);
          if (res.ok) {
            const html = await res.text();
            const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!);
            const loaded = await Promise.all(scripts.map((s) => fetch(`${base}${s}`).then((r) => r.ok)));
            if (scripts.length && loaded.every(Boolean)) page = seconds();
          }
        }
        if (page !== undefined) {
          // Held until the API is up, then answered: one request is enough.
          const res = await fetch(`${base}/api/maintenance/v1/banner`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ page: 'login' }),
          });
          if (res.ok) return { page, api: seconds() };
        }
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const clone = mkdtempSync(path.join(tmpdir(), 'bench-clone-'));
const data = mkdtempSync(path.join(tmpdir(), 'bench-clone-data-'));
try {
  execFileSync('git', ['clone', '--quiet', '--no-hardlinks', root, clone]);
  symlinkSync(path.join(root, 'node_modules'), path.join(clone, 'node_modules'), 'dir');
  const fresh = await timeStart(clone, data);
  const second = await timeStart(clone, data);
  const third = await timeStart(clone, data);
  console.log(
    `npm start to the first page (login HTML and its scripts served), ${execFileSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD']).toString().trim()}:`,
  );
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(`  (load average now ${load}, ${cpus().length} cores)`);
  console.log(
    `  fresh clone (builds, migrates, seeds): first page ${fresh.page.toFixed(1)} s, API ${fresh.api.toFixed(1)} s`,
  );
  console.log(
    `  second start (nothing changed):        first page ${second.page.toFixed(1)} s, third ${third.page.toFixed(1)} s (target <= 3 s: ${Math.min(second.page, third.page) <= 3 ? 'met' : 'NOT met'}); API ${second.api.toFixed(1)} s, ${third.api.toFixed(1)} s`,
  );
} finally {
  rmSync(clone, { recursive: true, force: true });
  rmSync(data, { recursive: true, force: true });
}
