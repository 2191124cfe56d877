import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import net from 'node:net';

// The child processes of a cluster (app servers, HAProxy, PgBouncer): started with their output in a
// log file, waited for, and ended (SIGKILL at the latest) even when the parent fails or exits.

const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

export interface Child {
  process: ChildProcess;
  /** Where its stdout and stderr go. */
  log: string;
  /** Resolves with the exit code (or the signal's name) when it ends. */
  exited: Promise<number | string>;
  /** The last lines of its log, for an error message. */
  tail(lines?: number): string;
  /** SIGTERM, then SIGKILL after graceMs; resolves once it has exited. */
  stop(graceMs?: number): Promise<number | string>;
}

export function startChild(
  command: string,
  args: string[],
  opts: { log: string; env?: NodeJS.ProcessEnv; cwd?: string },
): Child {
  const out = createWriteStream(opts.log, { flags: 'a' });
  const p = spawn(command, args, {
    env: opts.env ?? process.env,
    cwd: opts.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  p.stdout!.pipe(out);
  p.stderr!.pipe(out);
  children.add(p);
  const exited = new Promise<number | string>((resolve) =>
    p.once('exit', (code, signal) => {
      children.delete(p);
      resolve(code ?? signal ?? -1);
    }),
  );
  const tail = (lines = 20) =>
    existsSync(opts.log) ? readFileSync(opts.log, 'utf8').split('\n').slice(-lines).join('\n') : '';
  return {
    process: p,
    log: opts.log,
    exited,
    tail,
    async stop(graceMs = 5_000) {
      if (p.exitCode !== null || p.signalCode !== null) return exited;
      p.kill('SIGTERM');
      const late = setTimeout(() => p.kill('SIGKILL'), graceMs);
      const result = await exited;
      clearTimeout(late);
      return result;
    },
  };
}

/** A port free on 127.0.0.1 now (the OS's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** Resolves once check() is true; rejects after timeoutMs, or when the child exits first. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  opts: { timeoutMs: number; child?: Child },
): Promise<void> {
  const until = Date.now() + opts.timeoutMs;
  let gone: number | string | undefined;
  void opts.child?.exited.then((c) => (gone = c));
  for (;;) {
    if (gone !== undefined) throw new Error(`${what}: exited with ${gone}\n${opts.child!.tail()}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > until)
      throw new Error(`${what}: not ready in ${opts.timeoutMs} ms\n${opts.child?.tail() ?? ''}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A TCP port accepts connections. */
export const accepting = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

/** The absolute path of a program on PATH or in the sbin folders (Debian puts haproxy there), or null. */
export function findProgram(name: string): string | null {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/sbin', '/usr/local/sbin'])
    if (dir && existsSync(`${dir}/${name}`)) return `${dir}/${name}`;
  const which = spawnSync('which', [name], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : null;
}
