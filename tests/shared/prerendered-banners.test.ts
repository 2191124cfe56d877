// @vitest-environment node
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { BANNER_DISMISSAL_SCRIPT } from '../../src/shared/csp';
import { renderBannerList, type BannerListTemplate } from '../../src/shared/prerendered-banners';

const TEMPLATE: BannerListTemplate = {
  open: '<style>s</style><ul><li data-banner-key="__BANNER_KEY__"><b>__BANNER_TITLE__</b>__BANNER_MESSAGE__</li>',
  item: '<li data-banner-key="__BANNER_KEY__"><b>__BANNER_TITLE__</b>__BANNER_MESSAGE__</li>',
  close: '</ul>',
};
const banner = (key: string) => ({
  key,
  titleEng: `${key} title`,
  titleIdn: `${key} judul`,
  messageEng: `${key} message`,
  messageIdn: `${key} pesan`,
});

describe('the login page’s banners filled into its prerendered HTML (src/shared/prerendered-banners.ts)', () => {
  it('draws each banner in the visitor’s language, then the check of what was dismissed today', () => {
    expect(renderBannerList(TEMPLATE, [banner('a'), banner('b')], 'id')).toBe(
      '<style>s</style><ul><li data-banner-key="a"><b>a judul</b>a pesan</li>' +
        '<li data-banner-key="b"><b>b judul</b>b pesan</li></ul>' +
        `<script>${BANNER_DISMISSAL_SCRIPT}</script>`,
    );
    expect(renderBannerList(TEMPLATE, [banner('a')], 'en')).toBe(
      '<style>s</style><ul><li data-banner-key="a"><b>a title</b>a message</li></ul>' +
        `<script>${BANNER_DISMISSAL_SCRIPT}</script>`,
    );
  });

  it('draws nothing at all without banners (no empty list taking room)', () => {
    expect(renderBannerList(TEMPLATE, [], 'id')).toBe('');
  });

  it('writes the bank’s texts as text: markup, quotes and placeholders in them stay inert', () => {
    const html = renderBannerList(
      TEMPLATE,
      [
        {
          key: 'k"><script>x</script>',
          titleEng: '',
          titleIdn: '<img src=x onerror=alert(1)> & __BANNER_KEY__',
          messageEng: '',
          messageIdn: "Jam 00.00 - 04.00 'WIB'",
        },
      ],
      'id',
    );
    expect(html).toContain('data-banner-key="k&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
    expect(html).toContain('<b>&lt;img src=x onerror=alert(1)&gt; &amp; __BANNER_KEY__</b>');
    expect(html).toContain('Jam 00.00 - 04.00 &#39;WIB&#39;');
    expect(html.match(/<script>/g)).toHaveLength(1);
  });
});
