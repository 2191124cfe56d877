import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import path from 'node:path';

const MODULE = path.resolve('src/server/log-destination.ts');

/** Runs `body` in a child with `log` (pino on logDestination); resolves with its stdout and exit code. */
function child(
  body: string,
  opts: { sync?: boolean; until?: (out: string) => boolean } = {},
): Promise<{ out: string; code: number | null }> {
  const code = `
    const { default: pino } = await import('pino');
    const { logDestination } = await import(${JSON.stringify(MODULE)});
    const log = pino(logDestination({ sync: ${opts.sync === true} }));
    ${body}`;
  const proc = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`no result in time; stdout:\n${out}\nstderr:\n${err}`));
    }, 20_000);
    proc.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (opts.until?.(out)) proc.kill('SIGKILL');
    });
    proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
    proc.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ out, code });
    });
  });
}

const lines = (out: string, msg: string) =>
  out
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { msg: string; i?: number })
    .filter((l) => l.msg === msg);

describe('the server log destination', () => {
  it("writes a quiet server's last line out within the flush interval, without waiting for 4 KiB", async () => {
    // The child stays alive; the line reaches stdout only through the periodic flush.
    const { out } = await child(`log.info('alone'); setTimeout(() => {}, 60_000);`, {
      until: (o) => o.includes('"alone"'),
    });
    expect(lines(out, 'alone')).toHaveLength(1);
  });

  it('writes every buffered line when the process exits', async () => {
    const { out, code } = await child(
      `for (let i = 0; i < 500; i++) log.info({ i }, 'line'); process.exit(0);`,
    );
    expect(code).toBe(0);
    expect(lines(out, 'line').map((l) => l.i)).toEqual([...Array(500).keys()]);
  });

  it('writes every buffered line when the process dies of an uncaught exception', async () => {
    const { out, code } = await child(
      `for (let i = 0; i < 500; i++) log.info({ i }, 'line'); setTimeout(() => { throw new Error('boom'); });`,
    );
    expect(code).not.toBe(0);
    expect(lines(out, 'line')).toHaveLength(500);
  });

  it('LOG_SYNC writes each line at once: it is out even when the process is killed the next moment', async () => {
    // SIGKILL runs no exit handler and leaves no time for a flush: only a line already written survives.
    const kill = `log.info('now'); process.kill(process.pid, 'SIGKILL');`;
    expect(lines((await child(kill, { sync: true })).out, 'now')).toHaveLength(1);
    expect(lines((await child(kill)).out, 'now')).toHaveLength(0);
  });
});
