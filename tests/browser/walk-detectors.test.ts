import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newContext, sharedBrowser } from '../kit/browser';
import { inspect } from '../kit/browser/walk/detectors';
import { indexLocales, readLocales } from '../kit/browser/walk/locale-index';
import { snapshotOf } from '../kit/browser/walk/page-snapshot';

/**
 * The walk's reading of a page in Chromium (page-snapshot.ts, the detectors), on pages written here:
 * a correct one passes; a raw key, an unformatted amount, an overflow and the other language planted
 * in it are each found. No server: the page is set as content.
 */
const index = indexLocales(readLocales());

/** An Indonesian page as the app draws one: a title, summary rows of label and value, a table. */
const page = (planted = '', style = '') => `<!doctype html><html lang="id"><head><style>
  body { margin: 0; font: 14px sans-serif; } .row { display: flex; justify-content: space-between; } ${style}
</style></head><body><main>
  <h1>Tagihan listrik PLN pascabayar</h1>
  <div class="row"><span>Nomor pelanggan</span><span>530000000005</span></div>
  <div class="row"><span>Denda keterlambatan</span><span>Rp 3.000</span></div>
  <div class="row"><span>Total</span><span>Rp 1.242.300</span></div>
  <table><thead><tr><th>Tanggal</th><th>Jumlah</th><th>Referensi</th></tr></thead>
    <tbody><tr><td>6 Des 2026</td><td>Rp 250.000</td><td>2612065336132188</td></tr></tbody></table>
  <p>Hubungi kami di halo@example.co.id</p>
  ${planted}
</main><div hidden>title.transfer 300000</div></body></html>`;

describe("the walk's reading of a page", () => {
  let context: BrowserContext;
  let tab: Page;
  beforeAll(async () => {
    ({ context, page: tab } = await newContext(await sharedBrowser(), { viewport: 'mobile' }));
  });
  afterAll(async () => {
    await context?.close();
  });
  const findings = async (html: string) => {
    await tab.setContent(html);
    return inspect(await snapshotOf(tab), 'id', index, true);
  };

  it('lets a correct page pass (hidden text is not read)', async () => {
    expect(await findings(page())).toEqual([]);
  });

  it('finds a raw key on screen', async () => {
    expect(await findings(page('<a href="/transfer/mass-transfer/">title.transfer</a>'))).toEqual([
      { kind: 'raw key', detail: '"title.transfer" in "title.transfer"' },
    ]);
  });

  it('finds an amount not formatted as money', async () => {
    const planted = '<div class="row"><span>Biaya admin</span><span>300000</span></div>';
    expect(await findings(page(planted))).toEqual([
      { kind: 'bare amount', detail: '"300000" under "Biaya admin"' },
    ]);
  });

  it('finds a horizontal scroll at a phone’s width, naming what reaches past the edge', async () => {
    const found = await findings(page('<div data-testid="wide-banner" style="width: 600px">Promo</div>'));
    expect(found).toEqual([
      {
        kind: 'horizontal scroll',
        detail: expect.stringMatching(/^scrollWidth 6\d\d > clientWidth 390: div\[data-testid=wide-banner\]/),
      },
    ]);
  });

  it('finds text of the other language', async () => {
    expect(await findings(page('<button>Mass transfer</button>'))).toEqual([
      { kind: 'other language', detail: expect.stringMatching(/^"Mass transfer" \(/) },
    ]);
  });
});
