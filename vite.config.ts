/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
// The plugins and the chunking, a module each under scripts/vite/ (imported with their extension, as they
// import ours, and never through the '@/' alias: Vite bundles the config alone, its native loader will need that).
import { codeSplitting, mainStaticGraphPlugin, resolveDependencies } from './scripts/vite/chunking.ts';
import { chunkFilesPlugin } from './scripts/vite/emit-chunk-files.ts';
import { flowPartsPlugin } from './scripts/vite/flow-parts.ts';
import { localePartsPlugin } from './scripts/vite/locale-parts.ts';
import { muiThemeWithoutCssVariables } from './scripts/vite/mui-theme-without-css-variables.ts';
import { precompressPlugin } from './scripts/vite/precompress.ts';
import { reactRouterWithoutDevWarnings } from './scripts/vite/react-router-without-dev-warnings.ts';
import { rjsfLazyAllOf } from './scripts/vite/rjsf-lazy-all-of.ts';
import { rjsfLazyFields } from './scripts/vite/rjsf-lazy-fields.ts';
import { rjsfPrecompiledValidators } from './scripts/vite/rjsf-precompiled-validators.ts';
import { rjsfUri } from './scripts/vite/rjsf-uri.ts';
import { unitTestsWithOwnGraph } from './scripts/vite/unit-graphs.ts';
import { LongestFirst } from './scripts/vite/longest-first.ts';
import { rjsfWithoutMarkdown } from './scripts/vite/rjsf-without-markdown.ts';
import { testChromium } from './scripts/test-chromium.ts';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
/** The jsdom test files that need a module graph of their own (they mock a module, or say why). */
const UNIT_OWN_GRAPH = unitTestsWithOwnGraph(r('.'));

// Three faces, three entries: internet banking (/), the registration microsite (/register/), the companion app (/m/).
const APPS = { main: './index.html', register: './register/index.html', mobile: './m/index.html' } as const;
type AppName = keyof typeof APPS;

// `vite build --mode <app>` builds one app on its own, so no app's pages preload chunks shared only
// with another app (the login page would otherwise carry MUI components of the microsite and /m).
export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    muiThemeWithoutCssVariables(),
    chunkFilesPlugin(mode),
    mainStaticGraphPlugin(),
    localePartsPlugin(),
    reactRouterWithoutDevWarnings(),
    flowPartsPlugin(),
    rjsfWithoutMarkdown(),
    rjsfLazyFields(),
    rjsfLazyAllOf(),
    rjsfUri(),
    precompressPlugin(),
    rjsfPrecompiledValidators(),
  ],
  resolve: { alias: { '@': r('./src') } },
  // A form's validator (src/engine/generated) is reached only through its flow's file, a module the
  // dev server's dependency scan does not crawl: what validators import is named here, or the first
  // form that needs it would have Vite optimize it then and reload the page (Storybook's tests fail so).
  optimizeDeps: { include: ['ajv-formats/dist/formats'] },
  // Script, style and `<meta property="csp-nonce">` tags carry a placeholder the server fills in per
  // response with the nonce its CSP names (src/server/http/static-apps.ts, src/shared/ui/style-cache.tsx).
  // (src/shared/csp.ts's CSP_NONCE_PLACEHOLDER: the config imports no module of ours, see Vite's configLoader.)
  html: { cspNonce: 'CSP_NONCE_PLACEHOLDER_a3f1' },
  server: { proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 3000}` } },
  // The login page prerendered for Node (src/app/prerender/login-shell.tsx): one file, nothing external.
  ...(mode === 'login-shell' ? { ssr: { noExternal: true }, publicDir: false as const } : {}),
  build: {
    outDir: mode === 'login-shell' ? 'node_modules/.cache/login-shell' : 'dist',
    ...(mode === 'login-shell' ? { ssr: true } : {}),
    // The first app's build empties dist/; the others add to it.
    emptyOutDir: mode === 'main' || mode === 'login-shell',
    sourcemap: false,
    // Only preloads the few static chunks of an entry in browsers without modulepreload (Safari < 17,
    // Firefox < 115); they load the same modules without it, so the 0.4 KiB script is not worth it.
    modulePreload: {
      polyfill: false,
      resolveDependencies,
    },
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: mode === 'main' ? { codeSplitting } : {},
      input:
        mode === 'login-shell'
          ? {
              'login-shell': r('./src/app/prerender/login-shell.tsx'),
              'signed-in-frame': r('./src/app/prerender/signed-in-frame.tsx'),
            }
          : mode in APPS
            ? { [mode]: r(APPS[mode as AppName]) }
            : Object.fromEntries(Object.entries(APPS).map(([name, file]) => [name, r(file)])),
    },
  },
  test: {
    // Three files at a time across all projects on 2 cores (vitest's default there is one): a browser
    // file keeps about 0.7 of a core busy (the rest is waiting on Chromium, the database, timers), so
    // two left a fifth of the machine idle; three filled it, and a fresh run took 820 s, not 940 s
    // (docs/performance-log.md). One count for every project, since projects that run together must
    // share it; VITEST_MAX_WORKERS overrides it (a bigger machine).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    // The walk of every page (the longest file) starts first, also in a fresh clone without timings.
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/server/**', 'tests/browser/**', 'tests/stories/**', ...UNIT_OWN_GRAPH],
          environment: 'jsdom',
          setupFiles: ['tests/setup-unit.ts'],
          testTimeout: 20_000,
          // Files share one module graph per worker (React, MUI, RJSF and the app load once, not once a
          // file), as the server files do; those that replace a module run in unit-isolated.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-isolated',
          include: UNIT_OWN_GRAPH,
          environment: 'jsdom',
          setupFiles: ['tests/setup-unit.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: ['tests/server/**/*.isolated.test.ts'],
          environment: 'node',
          // Files share one module graph per worker: the server's modules, its compiled schemas and the
          // flow catalogue load once per worker, not once per file (half the project's time). A file
          // that replaces a module (vi.mock) needs a graph of its own: name it *.isolated.test.ts.
          isolate: false,
          // Passwords and PINs hashed with argon2 tuned down (verification reads each hash's own parameters).
          env: { ARGON2_FAST: '1' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server-isolated',
          include: ['tests/server/**/*.isolated.test.ts'],
          environment: 'node',
          // Alerts are sent by a timer; server tests send them by calling dispatchAlerts (an alert SMS
          // arriving between an OTP and its reading would be read as the latest message).
          env: { ALERT_INTERVAL_MS: '0', ARGON2_FAST: '1' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          // One module graph per worker, as for the server files (no browser test replaces a module).
          isolate: false,
          env: { ARGON2_FAST: '1' },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        // Every story (hand-written and generated from flow files) renders in Chromium and passes axe.
        // `npm test` runs this project on its own with NODE_ENV=production (package.json's test:stories):
        // a project's define of it would become the whole run's environment (Vitest's deleteDefineConfig).
        plugins: [storybookTest({ configDir: r('./.storybook') })],
        test: {
          name: 'storybook',
          // A file's first story waits for Vite to transform the modules it loads on demand (a flow's file,
          // a widget's code); beside the browser project on 2 cores that took over the default 15 s in CI.
          testTimeout: 60_000,
          // Every story file in one page instead of a fresh iframe each: the stories render and clean up
          // through Storybook's own harness, and 113 files no longer load the app's modules 113 times.
          isolate: false,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: {
                executablePath: testChromium(),
                args: [
                  '--no-sandbox',
                  '--disable-gpu',
                  '--disable-background-networking',
                  '--disable-component-update',
                  '--disable-sync',
                  '--no-first-run',
                ],
              },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
}));
