// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildIsCurrent, inputsHash, stampBuild } from '../../scripts/build-if-changed';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A checkout as far as the build is concerned, with a complete dist/ of the three apps. */
function checkout(): { root: string; write(file: string, text: string): void } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'build-inputs-'));
  dirs.push(root);
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  for (const f of ['index.html', 'register/index.html', 'm/index.html']) {
    write(f, '<!doctype html>');
    write(`dist/${f}`, '<!doctype html>');
  }
  write('src/app/main.tsx', 'render()');
  write('src/server/main.ts', 'listen()');
  write('flows/payment/bpjs.json', '{}');
  write('locales/id/flows.json', '{}');
  write('package-lock.json', '{}');
  return { root, write };
}

describe('npm start builds only when the apps’ sources changed', () => {
  it('starts without building when dist/ was built from the same sources', () => {
    const { root } = checkout();
    expect(buildIsCurrent(root)).toBe(false); // never built: no stamp
    stampBuild(root, inputsHash(root));
    expect(buildIsCurrent(root)).toBe(true);
  });

  it('builds again after a change to browser code, a flow, strings or the lockfile', () => {
    for (const [file, text] of [
      ['src/app/main.tsx', 'render(2)'],
      ['flows/payment/bpjs.json', '{"id":1}'],
      ['flows/payment/new-biller.json', '{}'],
      ['locales/id/flows.json', '{"a":1}'],
      ['package-lock.json', '{"v":2}'],
    ]) {
      const { root, write } = checkout();
      stampBuild(root, inputsHash(root));
      write(file!, text!);
      expect(buildIsCurrent(root), file).toBe(false);
    }
  });

  it('does not build for a change to the server alone, and builds when dist/ lost a page', () => {
    const { root, write } = checkout();
    stampBuild(root, inputsHash(root));
    write('src/server/main.ts', 'listen(3000)');
    expect(buildIsCurrent(root)).toBe(true);
    rmSync(path.join(root, 'dist/m/index.html'));
    expect(buildIsCurrent(root)).toBe(false);
  });
});
