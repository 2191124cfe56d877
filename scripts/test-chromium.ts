import { existsSync } from 'node:fs';

/**
 * The Chromium the tests drive: Debian's headless shell when installed (.ci/run installs it), which
 * renders the same Blink without the full browser's UI and spent a third less CPU on the same browser
 * file (docs/performance-log.md); else Debian's Chromium. CHROMIUM_PATH overrides both. Never a
 * downloaded browser. Lighthouse and the benches keep the full Chromium (CHROME_PATH).
 */
export function testChromium(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const shell = '/usr/bin/chromium-headless-shell';
  return existsSync(shell) ? shell : '/usr/bin/chromium';
}
