/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
// (with its extension, and importing nothing of ours: Vite's native config loader will need both)
import { CHUNK_FILES, type ChunkFiles } from './scripts/chunk-files.ts';
import { chunkGroups, type TogetherGroup } from './scripts/chunk-groups.ts';
import { FLOW_BODY_KEYS } from './src/shared/flows/body-keys.ts';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// What the main app's entry loads statically (computed when the module graph is complete, before
// chunks are made): one chunk, instead of the handful of shared chunks the automatic splitting
// makes of it because lazy chunks use parts of it too. Fewer requests, and gzip sees it as a whole.
const MAIN_ENTRY = r('./src/app/main.tsx');
/** The entry chunks of each app and the bundler's runtime ("assets/main-<hash>.js"). */
const ALWAYS_LOADED = /^assets\/(main|register|mobile|rolldown-runtime)-[\w-]{8}\.js$/;
const mainStaticGraph = new Set<string>();

// Modules that always load together, one chunk each (issue 20; scripts/chunk-groups.ts): on HTTP/1.1 a
// phone fetches six files at a time, so thirty small chunks cost five round trips where two larger ones
// cost one.
const DASHBOARD_PAGES = [
  r('./src/features/dashboard/dashboard-page.tsx'),
  r('./src/features/dashboard/exchange-rate-page.tsx'),
];
const TOGETHER: TogetherGroup[] = [
  // every signed-in page: the whole route table and the shell
  {
    name: 'shell',
    roots: [
      r('./src/app/router.tsx'),
      r('./src/app/authenticated-routes.tsx'),
      r('./src/app/shell/shell-layout.tsx'),
    ],
  },
  // the dashboard and the exchange rates (the page a customer lands on after logging in)
  { name: 'dashboard', roots: DASHBOARD_PAGES, after: ['shell'] },
  // every transaction page: the flow page and its form (RJSF, its validator's runtime)
  {
    name: 'flow-page',
    roots: [r('./src/engine/ui/flow-page.tsx'), r('./src/engine/ui/form-loader.ts')],
    after: ['shell'],
  },
  // what a transaction page adds once its form is sent: the verify, FDS challenge and receipt pages
  { name: 'flow-steps', roots: [r('./src/engine/ui/later-steps.ts')], after: ['shell', 'flow-page'] },
];
const togetherGraphs = new Map<string, Set<string>>(TOGETHER.map((g) => [g.name, new Set()]));
/** What the groups import that other pages load too: its chunk, by the groups that import it (`shared~shell~flow-page`). */
const sharedChunkOf = new Map<string, string>();

// Flows load per flow (issue 20): what the menu and the routes need of every flow is eager and small
// (`flows/<x>.json?flow-meta`), a flow's whole file, form schema, validator and strings load when its
// page opens. A flow's strings are the subtrees of locales/<lang>/flows.json, two keys deep
// (`payment.bpjs`, `common.errors`), that it names, those several flows name included (each such flow's
// chunk repeats them); what no flow names (a bespoke page's) and every flow's title and menu label
// stay in the signed-in pages' strings.
const FLOWS_DIR = r('./flows');
/** The languages a flow's own strings come in (locales/<lang>/flows.json). */
const FLOW_LANGUAGES = ['en', 'id'];
type Json = null | string | number | boolean | Json[] | { [k: string]: Json };

function flowFilePaths(): string[] {
  return (readdirSync(FLOWS_DIR, { recursive: true }) as string[])
    .filter((f) => String(f).endsWith('.json'))
    .map((f) => path.join(FLOWS_DIR, String(f)))
    .sort();
}
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Json;

/** Subtree paths (`payment.bpjs`, `common.errors`) of the flows: keys a flow file names. */
function flowsSubtreesOf(flow: Json): Set<string> {
  const out = new Set<string>();
  const walk = (v: Json) => {
    if (typeof v === 'string') {
      const m = /^flows:([\w-]+(?:\.[\w-]+)?)/.exec(v);
      if (m) out.add(m[1]!);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(flow);
  return out;
}
/** The form schemas a flow file names ("schema": "forms/payment/bpjs.json"): its form, its steps' forms. */
function formSchemasOf(flow: Json): string[] {
  const out = new Set<string>();
  const walk = (v: Json) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [k, w] of Object.entries(v)) {
        if (k === 'schema' && typeof w === 'string' && w.startsWith('forms/')) out.add(w);
        else walk(w);
      }
  };
  walk(flow);
  return [...out].sort();
}

/** Each flow file's subtrees (what it names). */
function namedSubtrees(): Map<string, string[]> {
  return new Map(flowFilePaths().map((f) => [f, [...flowsSubtreesOf(readJson(f))]]));
}
const getPath = (obj: Json, dotted: string): Json | undefined =>
  dotted
    .split('.')
    .reduce<Json | undefined>(
      (o, k) => (o && typeof o === 'object' && !Array.isArray(o) ? o[k] : undefined),
      obj,
    );
function setPath(obj: { [k: string]: Json }, dotted: string, value: Json) {
  const keys = dotted.split('.');
  let o = obj;
  for (const k of keys.slice(0, -1)) o = (o[k] ??= {}) as { [k: string]: Json };
  o[keys.at(-1)!] = value;
}
function deletePath(obj: Json, dotted: string) {
  const keys = dotted.split('.');
  const parent = getPath(obj, keys.slice(0, -1).join('.') || '') ?? (keys.length === 1 ? obj : undefined);
  const o = keys.length === 1 ? obj : parent;
  if (o && typeof o === 'object' && !Array.isArray(o)) delete o[keys.at(-1)!];
}
/**
 * A flow's states with their page metadata only (what `stepsOf` reads: each page's view, path and
 * titles), none of their transitions, nor an extra step's form (it loads with the flow's file).
 */
function machineSkeleton(machine: Json): Json {
  if (!machine || typeof machine !== 'object' || Array.isArray(machine)) return machine;
  const states = (s: Json): Json =>
    s && typeof s === 'object' && !Array.isArray(s)
      ? Object.fromEntries(
          Object.entries(s).map(([name, st]) => {
            const o = (st ?? {}) as { [k: string]: Json };
            const meta = o.meta && typeof o.meta === 'object' && !Array.isArray(o.meta) ? o.meta : undefined;
            const page = meta && Object.fromEntries(Object.entries(meta).filter(([k]) => k !== 'form'));
            return [
              name,
              { ...(page ? { meta: page } : {}), ...(o.states ? { states: states(o.states) } : {}) },
            ];
          }),
        )
      : s;
  return { ...machine, states: states(machine.states ?? {}) };
}

// Three faces, three entries: internet banking (/), the registration microsite (/register/), the companion app (/m/).
const APPS = { main: './index.html', register: './register/index.html', mobile: './m/index.html' } as const;
type AppName = keyof typeof APPS;

// `vite build --mode <app>` builds one app on its own, so no app's pages preload chunks shared only
// with another app (the login page would otherwise carry MUI components of the microsite and /m).
export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    // MUI's createTheme and ThemeProvider pick the CSS-variables theme at run time (`cssVariables`,
    // `colorSchemes`), so a bundler keeps that whole machinery (~7 KiB gzip at /login/). Our one theme
    // (src/shared/ui/theme.ts) uses neither: those two branches resolve to a stub that throws, so a
    // theme that ever asks for CSS variables fails loudly at start instead of silently.
    {
      name: 'mui-theme-without-css-variables',
      enforce: 'pre',
      resolveId(source, importer) {
        if (!importer || !/[\\/]@mui[\\/]material[\\/]styles[\\/]/.test(importer)) return null;
        if (importer.endsWith('createTheme.mjs') && source === './createThemeWithVars.mjs')
          return '\0mui-no-vars:createTheme';
        if (importer.endsWith('ThemeProvider.mjs') && source === './ThemeProviderWithVars.mjs')
          return '\0mui-no-vars:ThemeProvider';
        return null;
      },
      load(id) {
        const refuse = `() => { throw new Error('The app theme has no CSS variables (vite.config.ts, mui-theme-without-css-variables)'); }`;
        if (id === '\0mui-no-vars:createTheme') return `export default ${refuse};`;
        if (id === '\0mui-no-vars:ThemeProvider') return `export const CssVarsProvider = ${refuse};`;
        return null;
      },
    },
    // The chunk files of each group, of the app's string groups, of each flow (its file, its strings per language) and of each form
    // (its schema, its validator), for scripts/page-preloads.ts to name in a signed-in page's HTML.
    {
      name: 'chunk-files',
      apply: () => mode === 'main',
      generateBundle(_, bundle) {
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const files: ChunkFiles = { groups: {}, strings: {}, areas: {}, flows: {}, forms: {} };
        const stringsDir = r('./src/app/strings') + path.sep;
        // A group's chunks with any other chunks they import (the bundler's own, for what no group takes),
        // so a page's HTML names them all at once instead of a wave after its group's chunk.
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const withImports = (start: string[]) => {
          const seen = new Set<string>();
          for (let todo = [...start], f = todo.pop(); f !== undefined; f = todo.pop()) {
            if (seen.has(f) || ALWAYS_LOADED.test(f)) continue;
            seen.add(f);
            todo.push(...(byFile.get(f)?.imports ?? []));
          }
          return [...seen].sort();
        };
        for (const { name } of TOGETHER)
          files.groups[name] = withImports(chunks.filter((c) => c.name === name).map((c) => c.fileName)).map(
            (f) => `/${f}`,
          );
        const validatorsDir = r('./src/engine/generated') + path.sep;
        const slash = (p: string) => p.split(path.sep).join('/');
        for (const c of chunks) {
          const [id, query] = (c.facadeModuleId ?? '').split('?') as [string, string | undefined];
          const file = `/${c.fileName}`;
          const area = /[\\/]locales[\\/]([\w-]+)[\\/]([\w-]+)\.json$/.exec(id);
          if (!query && id.startsWith(stringsDir)) {
            files.strings[path.basename(id).replace(/\.tsx?$/, '')] = file;
          } else if (!query && area) {
            files.areas![`${area[2]}-${area[1]}`] = file;
          } else if (id.startsWith(FLOWS_DIR + path.sep) && query === 'flow-bundle') {
            files.flows[slash(path.relative(FLOWS_DIR, id))] = file;
          } else if (!query && id.startsWith(validatorsDir) && /[\\/]forms[\\/]/.test(id)) {
            files.forms[`${slash(path.relative(validatorsDir, id)).replace(/\.[jt]s$/, '')}.json`] = file;
          }
        }
        this.emitFile({ type: 'asset', fileName: CHUNK_FILES, source: JSON.stringify(files) });
      },
    },
    {
      name: 'main-static-graph',
      buildEnd() {
        const chunks = chunkGroups((id) => this.getModuleInfo(id), MAIN_ENTRY, TOGETHER);
        mainStaticGraph.clear();
        for (const id of chunks.get('main')!) mainStaticGraph.add(id);
        for (const { name } of TOGETHER) togetherGraphs.set(name, chunks.get(name)!);
        sharedChunkOf.clear();
        for (const [name, ids] of chunks)
          if (name.startsWith('shared~')) for (const id of ids) sharedChunkOf.set(id, name);
      },
    },
    // `locales/<lang>/<ns>.json?<group>` (src/app/strings/json-part.d.ts): the file as a module of its
    // own with one export per top-level key, so each string group's chunk keeps only the keys it reads.
    {
      name: 'locale-parts',
      load(id) {
        const m = /^(.*[\\/]locales[\\/][\w-]+[\\/][\w-]+\.json)\?(login-pages|late|steps)$/.exec(id);
        const file = m?.[1];
        if (!file) return null;
        this.addWatchFile(file);
        const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
        return Object.entries(json)
          .map(([key, value]) => `export const ${key} = ${JSON.stringify(value)};`)
          .join('\n');
      },
    },
    // react-router's package exports serve its development build to every bundler, in production too
    // (remix-run/react-router#14102): its warnings would run, and ship, in the customer's browser. The
    // build differs from dist/production only by this flag; set false, the minifier drops the warnings.
    {
      name: 'react-router-without-dev-warnings',
      apply: 'build',
      transform(code, id) {
        if (!/[\\/]react-router[\\/]dist[\\/]development[\\/][^\\/]+\.mjs$/.test(id)) return null;
        return code.includes('var ENABLE_DEV_WARNINGS = true;')
          ? {
              code: code.replace('var ENABLE_DEV_WARNINGS = true;', 'var ENABLE_DEV_WARNINGS = false;'),
              map: null,
            }
          : null;
      },
    },
    // `flows/<x>.json?flow-meta`, `?flow-bundle` and `locales/<lang>/flows.json?flow-shared`
    // (src/engine/flows-data.ts; the rules above).
    {
      name: 'flow-parts',
      load(id) {
        const [file, query] = id.split('?') as [string, string | undefined];
        if (!query || !file.endsWith('.json')) return null;
        if (file.startsWith(FLOWS_DIR) && query === 'flow-meta') {
          this.addWatchFile(file);
          const flow = readJson(file) as { [k: string]: Json };
          const meta = Object.fromEntries(
            Object.entries(flow).filter(
              ([k]) => !(FLOW_BODY_KEYS as readonly string[]).includes(k) && k !== '$schema',
            ),
          );
          if (flow.machine) meta.machine = machineSkeleton(flow.machine);
          // A multi-step inquiry's pages (stepsOf): each step's id, path and title, none of its form.
          const inquiry = flow.inquiry as { [k: string]: Json } | undefined;
          if (Array.isArray(inquiry?.steps))
            meta.inquiry = {
              ...(inquiry.path ? { path: inquiry.path } : {}),
              ...(inquiry.titleKey ? { titleKey: inquiry.titleKey } : {}),
              steps: inquiry.steps.map((st) => {
                const { id, path: p, titleKey } = st as { [k: string]: Json };
                return { id, path: p, ...(titleKey ? { titleKey } : {}) } as Json;
              }),
            };
          return `export default ${JSON.stringify(meta)};`;
        }
        // A flow's whole file and its strings in both languages: one chunk, one request; its forms' loaders.
        if (file.startsWith(FLOWS_DIR) && query === 'flow-bundle') {
          const strings: { [lang: string]: Json } = {};
          this.addWatchFile(file);
          for (const lang of FLOW_LANGUAGES) {
            const locale = r(`./locales/${lang}/flows.json`);
            this.addWatchFile(locale);
            const all = readJson(locale);
            const own: { [k: string]: Json } = {};
            for (const k of flowsSubtreesOf(readJson(file))) {
              const v = getPath(all, k);
              if (v !== undefined) setPath(own, k, v);
            }
            strings[lang] = { flows: own };
          }
          // Its forms' modules (schema and precompiled validator, scripts/compile-validators.ts), each
          // a chunk of its own that loads when the form draws: the app keeps no index of every form.
          const flow = readJson(file);
          const forms = formSchemasOf(flow).map(
            (schema) =>
              `${JSON.stringify(schema)}: () => import(${JSON.stringify(r(`./src/engine/generated/${schema.replace(/\.json$/, '.ts')}`))})`,
          );
          return `export const flow = ${JSON.stringify(flow)};
export const strings = ${JSON.stringify(strings)};
export const forms = {${forms.join(', ')}};`;
        }
        const shared = /[\\/]locales[\\/]([\w-]+)[\\/]flows\.json$/.exec(file);
        // What no flow names (a bespoke page's), for every signed-in page.
        if (shared && query === 'flow-shared') {
          for (const f of [file, ...flowFilePaths()]) this.addWatchFile(f);
          const all = readJson(file);
          for (const keys of namedSubtrees().values()) for (const k of keys) deletePath(all, k);
          return `export default ${JSON.stringify(all)};`;
        }
        // Every flow's title, menu label and description, for the pages that list flows (choosers, the
        // header's search, favourites, bills): not on every page, since it grows with every flow.
        if (shared && query === 'flow-names') {
          for (const f of [file, ...flowFilePaths()]) this.addWatchFile(f);
          const all = readJson(file);
          const names: { [k: string]: Json } = {};
          for (const f of flowFilePaths()) {
            const flow = readJson(f) as {
              titleKey?: string;
              menu?: { labelKey?: string; descriptionKey?: string };
            };
            for (const k of [flow.titleKey, flow.menu?.labelKey, flow.menu?.descriptionKey]) {
              const v = k?.startsWith('flows:') ? getPath(all, k.slice(6)) : undefined;
              if (v !== undefined) setPath(names, k!.slice(6), v);
            }
          }
          return `export default ${JSON.stringify(names)};`;
        }
        return null;
      },
    },
    // RJSF renders markdown only where a uiSchema asks (`enableMarkdownIn*`, which no flow does): its
    // markdown-to-jsx (~25 KiB gzip on every transaction page) gives way to plain text.
    {
      name: 'rjsf-without-markdown',
      enforce: 'pre',
      resolveId(source, importer) {
        if (source === 'markdown-to-jsx/react' && importer && /[\\/]@rjsf[\\/]/.test(importer))
          return '\0rjsf-plain-markdown';
        return null;
      },
      load(id) {
        if (id !== '\0rjsf-plain-markdown') return null;
        return `import { createElement } from 'react';
export function Markdown({ children }) { return createElement('span', null, children); }`;
      },
    },
    // RJSF's own fields that few forms draw (a list, a choice of schemas, the layout grid) load with
    // the first form that does (src/engine/ui/rjsf-fields.ts): ~7 KiB gzip off every transaction page.
    {
      name: 'rjsf-lazy-fields',
      enforce: 'pre',
      resolveId(source, importer) {
        if (
          source === './components/fields/index.js' &&
          importer &&
          /[\\/]@rjsf[\\/]core[\\/]/.test(importer)
        )
          return r('./src/engine/ui/rjsf-fields.ts');
        return null;
      },
    },
    // RJSF's allOf merge loads with a form whose schema has an allOf (src/engine/ui/rjsf-all-of.ts).
    {
      name: 'rjsf-lazy-all-of',
      enforce: 'pre',
      resolveId(source, importer) {
        if (source === './shallowAllOfMerge.js' && importer && /[\\/]@rjsf[\\/]utils[\\/]/.test(importer))
          return r('./src/engine/ui/rjsf-all-of.ts');
        return null;
      },
    },
    // RJSF's `$id` resolution (2020-12 forms only) on the browser's URL parser instead of fast-uri
    // (~7 KiB gzip on every transaction page); tests/engine/ui/rjsf-uri.test.ts holds them equal.
    {
      name: 'rjsf-uri',
      enforce: 'pre',
      resolveId(source, importer) {
        if (source === 'fast-uri' && importer && /[\\/]@rjsf[\\/]/.test(importer))
          return r('./src/engine/ui/rjsf-uri.ts');
        return null;
      },
    },
    // Brotli and gzip copies of the built files, written once here and served as they are.
    // (The apps' build only: Storybook's build goes through these plugins too.)
    (() => {
      let outDir = '';
      return {
        name: 'precompress',
        apply: 'build',
        configResolved(config) {
          outDir = path.resolve(config.root, config.build.outDir);
        },
        closeBundle() {
          if (outDir === r('./dist'))
            execFileSync(process.execPath, ['--import', 'tsx', r('./scripts/precompress.ts'), outDir], {
              stdio: 'ignore',
            });
        },
      } satisfies Plugin;
    })(),
    // RJSF validators precompiled from schemas/forms (no `new Function` in the bundle): generated before anything resolves.
    {
      name: 'rjsf-precompiled-validators',
      config() {
        if (process.env.RJSF_VALIDATORS_COMPILED) return;
        execFileSync(process.execPath, ['--import', 'tsx', r('./scripts/compile-validators.ts')], {
          stdio: 'ignore',
        });
        process.env.RJSF_VALIDATORS_COMPILED = '1';
      },
      // `vite dev`: a form schema edited, added or removed is compiled again, and its page reloads
      // with the new module (the schema rides with its validator).
      configureServer(server) {
        const formsDir = r('./schemas/forms') + path.sep;
        const recompile = (file: string) => {
          if (!file.startsWith(formsDir)) return;
          execFileSync(process.execPath, ['--import', 'tsx', r('./scripts/compile-validators.ts')], {
            stdio: 'ignore',
          });
        };
        server.watcher.add(formsDir);
        for (const event of ['add', 'change', 'unlink'] as const) server.watcher.on(event, recompile);
      },
    },
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
      // The entry and the bundler's runtime are in before any of its dynamic imports runs, and the
      // imported file is asked for by the import itself: naming them in every on-demand chunk's preload
      // list (a flow's file, now that it imports its forms) is bytes for nothing.
      resolveDependencies: (file, deps) => deps.filter((d) => d !== file && !ALWAYS_LOADED.test(d)),
    },
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output:
        mode === 'main'
          ? {
              codeSplitting: {
                includeDependenciesRecursively: false,
                // Made in this order (priority, then place): a group also takes the modules it imports
                // that no group made before it holds, so the entry's chunk comes first, then the shared
                // chunks, those more groups import first (what a shared module imports, at least as many
                // groups import), then the groups.
                groups: [
                  { name: 'main', test: (id: string) => mainStaticGraph.has(id), priority: 100 },
                  ...TOGETHER.map((_, i) => ({
                    name: (id: string) => sharedChunkOf.get(id) ?? null,
                    test: (id: string) => sharedChunkOf.get(id)?.split('~').length === i + 2,
                    priority: 10 + i,
                  })),
                  ...TOGETHER.map(({ name }) => ({
                    name,
                    test: (id: string) => togetherGraphs.get(name)!.has(id),
                    priority: 1,
                  })),
                ],
              },
            }
          : {},
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
    // Two files at a time across all projects: on 2 cores vitest's default is one worker, and much of
    // a file's time is waiting (the database, Chromium, timers). One count for every project, since
    // projects that run together must share it.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/server/**', 'tests/browser/**', 'tests/stories/**'],
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
          env: { ALERT_INTERVAL_MS: '0' },
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
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        // Every story (hand-written and generated from flow files) renders in Chromium and passes axe.
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
                executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
