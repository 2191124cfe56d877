import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { constants } from 'node:zlib';
import { CSP_NONCE_PLACEHOLDER } from '../../shared/csp';
import {
  modulePreloadLinks,
  PAGE_PRELOADS_FILE,
  preloadsFor,
  type PagePreloads,
} from '../../shared/page-preloads';
import { bannerPageOf, bannerVariantOf, type BannerPage } from '../../shared/banner-pages';
import { isLoginArea } from '../../shared/login-area';
import {
  bannerTemplateFile,
  BANNERS_SLOT,
  renderBannerList,
  type BannerListTemplate,
  type BannerText,
} from '../../shared/prerendered-banners';

const APPS = ['index.html', 'register/index.html', 'm/index.html'] as const;
/** The login page prerendered in each language (scripts/prerender-login.ts). */
const LOGIN_SHELLS = ['login/index.id.html', 'login/index.en.html'] as const;
/** A signed-in page's frame prerendered in each language, a transaction page's apart (scripts/prerender-frame.ts). */
const FRAMES = [
  'frame/index.id.html',
  'frame/index.en.html',
  'frame/index.id.flow.html',
  'frame/index.en.flow.html',
] as const;
/** Where a prerendered page holds its app's scripts until it has painted (scripts/prerender-login.ts deferScripts). */
const APP_SCRIPTS = '<template id="app-scripts">';
/** The language the visitor chose last (src/shared/i18n/i18n.ts writes it beside localStorage). */
const languageOf = (cookie: string | undefined) =>
  /(?:^|;\s*)language=en(?:;|$)/.test(cookie ?? '') ? 'en' : 'id';

/**
 * Serves the three built apps; unknown non-API paths get the owning app's index.html (client routing).
 * Built files go as the build compressed them (`name.br`, `name.gz` beside each, scripts/vite/precompress.ts),
 * negotiated per request by Accept-Encoding; hashed assets are cached for a year. A page's HTML is a
 * template filled per response with the response's CSP nonce (security-headers.ts), and compressed
 * on the fly like any other answer (compression.ts).
 */
export default async function staticApps(
  app: FastifyInstance,
  opts: {
    root: string;
    /** A page's maintenance banners active now (of the transaction `variant` it shows), put in its prerendered HTML. */
    banners?: (page: BannerPage, variant?: string) => Promise<BannerText[]>;
  },
) {
  const root = path.resolve(opts.root);
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'built apps not found: run `npm run build`');
    return;
  }
  // A signed-in page's chunks named in its HTML (src/shared/page-preloads.ts), when the build wrote them.
  const preloadFile = path.join(root, PAGE_PRELOADS_FILE);
  const preloads = existsSync(preloadFile)
    ? (JSON.parse(readFileSync(preloadFile, 'utf8')) as PagePreloads)
    : null;
  const bannerTemplates = new Map<'en' | 'id', BannerListTemplate>();
  for (const lang of ['en', 'id'] as const) {
    const file = path.join(root, bannerTemplateFile(lang));
    if (existsSync(file))
      bannerTemplates.set(lang, JSON.parse(readFileSync(file, 'utf8')) as BannerListTemplate);
  }
  /** The banners as the app will draw them, so the page does not move when it does; none if they cannot be read. */
  const bannersOf = async (page: BannerPage | null, variant: string | undefined, lang: 'en' | 'id') => {
    const template = bannerTemplates.get(lang);
    if (!page || !template || !opts.banners) return '';
    try {
      return renderBannerList(template, await opts.banners(page, variant), lang);
    } catch (err) {
      app.log.warn({ err, page }, 'maintenance banners left out of the page');
      return '';
    }
  };
  const pages = new Map<string, string[]>();
  for (const page of [...APPS, ...LOGIN_SHELLS, ...FRAMES]) {
    const file = path.join(root, page);
    if (existsSync(file)) pages.set(page, readFileSync(file, 'utf8').split(CSP_NONCE_PLACEHOLDER));
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    // A page is only ever served filled in, never as its template.
    allowedPath: (pathname) => !pathname.endsWith('.html'),
  });
  const immutable = /\/assets\//;
  app.addHook('onSend', async (request, reply) => {
    const vary = reply.getHeader('Vary');
    reply.header('Vary', vary === 'Cookie' ? 'Accept-Encoding, Cookie' : 'Accept-Encoding');
    if (immutable.test(request.url)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  const entry = (url: string) =>
    url.startsWith('/register')
      ? 'register/index.html'
      : url.startsWith('/m/') || url === '/m'
        ? 'm/index.html'
        : 'index.html';
  // A page's HTML is under 1 KiB, and the first thing a phone waits for: compressed whatever its size.
  const pageCompression = {
    encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
    threshold: 256,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  };
  app.get('/*', { schema: { hide: true }, compress: pageCompression }, async (request, reply) => {
    const [url = '/', query = ''] = request.url.split('?');
    if (url.startsWith('/api/')) return reply.callNotFound();
    const file = path.join(root, path.normalize(url));
    // (dot folders are the build's own notes, such as .vite/page-preloads.json: not served)
    const served = !url.endsWith('/') && !file.endsWith('.html') && !url.includes('/.');
    if (file.startsWith(root) && served && existsSync(file)) {
      return reply.sendFile(path.relative(root, file));
    }
    // The login page and a signed-in page's frame come prerendered in the visitor's language, with the
    // page's maintenance banners: painted before the app has run.
    const lang = languageOf(request.headers.cookie);
    const app = entry(url);
    const signedIn = app === 'index.html' && !isLoginArea(url);
    // a transaction page's frame carries its form's styles too (the page preloads know the flow pages)
    const flowPage = signedIn && !!preloads && Object.hasOwn(preloads.flowPages, url);
    const shell =
      url === '/login/'
        ? pages.get(`login/index.${lang}.html`)
        : signedIn
          ? (flowPage && pages.get(`frame/index.${lang}.flow.html`)) || pages.get(`frame/index.${lang}.html`)
          : undefined;
    // (in the visitor's language: a cache must not give it to another)
    if (shell) reply.header('Vary', 'Cookie');
    const page = shell ?? pages.get(app) ?? pages.get('index.html')!;
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    const bannerPage = url === '/login/' ? 'login' : signedIn ? bannerPageOf(url) : null;
    const banners = shell ? await bannersOf(bannerPage, bannerVariantOf(query), lang) : '';
    const html = page
      .join(request.cspNonce)
      .split(BANNERS_SLOT)
      .join(banners.split(CSP_NONCE_PLACEHOLDER).join(request.cspNonce));
    const links = signedIn && preloads ? preloadsFor(preloads, url, lang) : [];
    if (!links.length) return html;
    // a signed-in page names its strings in the visitor's language: a cache must not give it to another
    reply.header('Vary', 'Cookie');
    // Asked for with the app's scripts: a prerendered page holds them until it has painted.
    return html.includes(APP_SCRIPTS)
      ? html.replace(APP_SCRIPTS, `${APP_SCRIPTS}${modulePreloadLinks(links)}`)
      : html.replace('</head>', `${modulePreloadLinks(links)}</head>`);
  });
}
