// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { withoutCurrentPage, withSignedInFrame } from '../../scripts/prerender-frame';
import { matchesWidth } from '../../src/app/prerender/signed-in-frame';
import { CSP_NONCE_PLACEHOLDER, DEFERRED_SCRIPTS_LOADER, SIGNED_IN_FRAME_SCRIPT } from '../../src/shared/csp';
import { BANNERS_SLOT } from '../../src/shared/prerendered-banners';

const PAGE =
  '<!doctype html>\n<html lang="id">\n<head><script type="module" crossorigin src="/assets/main-2.js" nonce="n"></script></head>' +
  '<body><div id="root"></div></body></html>';
/** What the frame renders where the banners go (MaintenanceBanner without a document). */
const SLOT = '<template data-banners-slot="dashboard"></template>';
const MEDIA = { phone: '@media (max-width:899.95px)', desktop: '@media (min-width:900px)' };

describe('the signed-in frame prerendered into the app page (scripts/prerender-frame.ts)', () => {
  it('holds both screens’ frames, inert, each shown only on its screen, with the banners’ place marked in each', () => {
    const html = withSignedInFrame(
      PAGE,
      'en',
      {
        phone: `<header style="top:0">menu</header>${SLOT}<button>Log out</button>`,
        desktop: `<header style="top:0">logo</header><nav>Home</nav>${SLOT}`,
      },
      MEDIA,
    );
    expect(html).toContain('<html lang="en">');
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toBe(
      `<div id="root"><script>${SIGNED_IN_FRAME_SCRIPT}</script>` +
        `<style nonce="${CSP_NONCE_PLACEHOLDER}">${MEDIA.phone}{[data-frame-screen="desktop"]{display:none}}` +
        `${MEDIA.desktop}{[data-frame-screen="phone"]{display:none}}[data-visitor] [data-signed-in-frame]{display:none}</style>` +
        '<div inert data-signed-in-frame>' +
        `<div data-frame-screen="phone"><style nonce="${CSP_NONCE_PLACEHOLDER}">[data-ssr-style="p0"]{top:0}</style>` +
        `<header data-ssr-style="p0">menu</header>${BANNERS_SLOT}<button disabled="">Log out</button></div>` +
        `<div data-frame-screen="desktop"><style nonce="${CSP_NONCE_PLACEHOLDER}">[data-ssr-style="d0"]{top:0}</style>` +
        `<header data-ssr-style="d0">logo</header><nav>Home</nav>${BANNERS_SLOT}</div>` +
        '</div></div></body></html>',
    );
    // The app's scripts wait until the frame has painted, as on the login page.
    expect(html).toContain(`<script>${DEFERRED_SCRIPTS_LOADER}</script></head>`);
    expect(html.match(/<script type="module"/g)).toHaveLength(1);
    expect(html).toContain('<template id="app-scripts"><script type="module"');
    // A frame without the banners' place: the server could not put them in.
    expect(() => withSignedInFrame(PAGE, 'en', { phone: 'menu', desktop: SLOT }, MEDIA)).toThrow(
      /phone frame has no place for the maintenance banners/,
    );
  });

  it('marks no menu item as the current page (the frame stands for every page), and leaves other selections', () => {
    const item = (more: string) =>
      `<a class="MuiButtonBase-root MuiListItemButton-root${more} css-1"${more ? ' aria-current="page"' : ''} href="/dashboard/">Home</a>`;
    const language =
      '<button class="MuiToggleButton-root Mui-selected css-2" aria-pressed="true">IDN</button>';
    expect(withoutCurrentPage(item(' Mui-selected') + item('') + language)).toBe(
      item('') + item('') + language,
    );
  });

  it('answers the breakpoint queries the shell asks as a screen of that width would', () => {
    expect([matchesWidth('(min-width:900px)', 1280), matchesWidth('(min-width:900px)', 390)]).toEqual([
      true,
      false,
    ]);
    expect(matchesWidth('(max-width:899.95px)', 390)).toBe(true);
    expect(matchesWidth('(min-width:600px) and (max-width:899.95px)', 1280)).toBe(false);
    expect(matchesWidth('(prefers-reduced-motion: reduce)', 390)).toBe(false);
  });
});
