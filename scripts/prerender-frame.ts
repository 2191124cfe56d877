// After the main app's build (`npm run build`, after prerender-login.ts): the frame of a signed-in page
// (src/app/prerender/signed-in-frame.tsx: header, left menu, the slot of the area's maintenance banners)
// prerendered in each language for a phone and a desktop into a copy of the app's page,
// dist/frame/index.<lang>.html, which the server sends for every page outside the login area with the
// page's banners filled in (src/server/http/static-apps.ts); a transaction page's, with the styles of
// its form, dist/frame/index.<lang>.flow.html. A phone paints the frame and its banners
// from the HTML alone; the app's script renders the same frame, with the page, over it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CSP_NONCE_PLACEHOLDER, SIGNED_IN_FRAME_SCRIPT } from '../src/shared/csp';
import { BANNERS_SLOT } from '../src/shared/prerendered-banners';
import {
  deferScripts,
  disableControls,
  hoistEmotionStyles,
  LOGIN_SHELL_LANGS,
  moveStyleAttributes,
} from './prerender-login';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Each screen's frame, in the order they stand in the page. */
const SCREENS = ['phone', 'desktop'] as const;
type Screen = (typeof SCREENS)[number];

/** Where the banners' slot is in a frame (maintenance-banner.tsx, rendered without a document). */
const BANNERS_SLOT_ELEMENT = /<template data-banners-slot="[a-z]+"><\/template>/;

/**
 * The frame stands for every page: its menu marks none as the current one (the app marks the page's
 * when it draws). MUI marks it by a class, not a style of its own.
 */
export function withoutCurrentPage(markup: string): string {
  return markup
    .replace(
      / class="([^"]*\bMuiListItemButton-root\b[^"]*)"/g,
      (_, names: string) => ` class="${names.replace(/ Mui-selected(?= |$)/, '')}"`,
    )
    .replace(/ aria-current="page"/g, '');
}

/** Where the build writes a language's frame page; a transaction page's, with its form's styles, apart. */
export const framePageFile = (lang: string, flowPage = false) =>
  `frame/index.${lang}${flowPage ? '.flow' : ''}.html`;

/**
 * The app's page with both screens' frames in its root, inert until the app replaces them: the one that
 * fits the screen shows (by `media`), and none for a visitor without a session (SIGNED_IN_FRAME_SCRIPT,
 * before the frame, marks the page: the app sends them to the login page).
 */
export function withSignedInFrame(
  page: string,
  lang: string,
  frames: Record<Screen, string>,
  media: Record<Screen, string>,
): string {
  const root = '<div id="root"></div>';
  if (!page.includes(root) || !/<html lang="\w+">/.test(page))
    throw new Error('prerender-frame: the page has no empty root or no <html lang>');
  const { head, markups } = hoistEmotionStyles(SCREENS.map((screen) => frames[screen]));
  const screens = SCREENS.map((screen, i) => {
    const markup = markups[i]!;
    if (!BANNERS_SLOT_ELEMENT.test(markup))
      throw new Error(`prerender-frame: the ${screen} frame has no place for the maintenance banners`);
    // each screen's style rules named apart (both stand in one page)
    const body = withoutCurrentPage(disableControls(moveStyleAttributes(markup, screen[0]))).replace(
      BANNERS_SLOT_ELEMENT,
      BANNERS_SLOT,
    );
    return `<div data-frame-screen="${screen}">${body}</div>`;
  });
  const rules = [
    ...SCREENS.map((screen) =>
      SCREENS.filter((other) => other !== screen)
        .map((other) => `${media[screen]}{[data-frame-screen="${other}"]{display:none}}`)
        .join(''),
    ),
    '[data-visitor] [data-signed-in-frame]{display:none}',
  ].join('');
  return deferScripts(page)
    .replace('</head>', `${head}</head>`)
    .replace(/<html lang="\w+">/, `<html lang="${lang}">`)
    .replace(
      root,
      `<div id="root"><script>${SIGNED_IN_FRAME_SCRIPT}</script><style nonce="${CSP_NONCE_PLACEHOLDER}">${rules}</style>` +
        `<div inert data-signed-in-frame>${screens.join('')}</div></div>`,
    );
}

export async function prerenderFrame(dist = path.join(ROOT, 'dist')): Promise<void> {
  // React and emotion in their production builds (no development checks or labels in the markup).
  process.env.NODE_ENV = 'production';
  const bundle = path.join(ROOT, 'node_modules/.cache/login-shell/signed-in-frame.js');
  const { renderSignedInFrame, FRAME_SCREEN_MEDIA } = (await import(pathToFileURL(bundle).href)) as {
    renderSignedInFrame: (lang: string, screen: Screen, flowPage?: boolean) => string;
    FRAME_SCREEN_MEDIA: Record<Screen, string>;
  };
  const page = readFileSync(path.join(dist, 'index.html'), 'utf8');
  mkdirSync(path.join(dist, 'frame'), { recursive: true });
  for (const lang of LOGIN_SHELL_LANGS) {
    for (const flowPage of [false, true]) {
      const frames = {
        phone: renderSignedInFrame(lang, 'phone', flowPage),
        desktop: renderSignedInFrame(lang, 'desktop', flowPage),
      };
      writeFileSync(
        path.join(dist, framePageFile(lang, flowPage)),
        withSignedInFrame(page, lang, frames, FRAME_SCREEN_MEDIA),
      );
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await prerenderFrame(process.argv[2]);
}
