import { describe, expect, it } from 'vitest';
import { bareAmounts, horizontalScroll, inspect, missingHeading, otherLanguage, rawKeys } from './detectors';
import { indexLocales, readLocales } from './locale-index';
import type { PageSnapshot } from './page-snapshot';
import { report, slowInDoubt, slowPages } from './report';
import type { Visit } from './visit';

const index = indexLocales(readLocales());

/** A correct Indonesian page at a phone's width: what the walk must let pass. */
const clean: PageSnapshot = {
  texts: [
    'Transfer',
    'Transfer massal',
    'Rp 1.250.000,00',
    'IDR 1,250,000.00',
    'Rp1.000,00',
    'budi.santoso@example.co.id',
    'www.cimbniaga.co.id',
    'Nomor rekening 800123456701',
    'Poin Xtra',
    'BI-FAST',
    'v1.2',
    'Rp 300.000',
  ],
  values: [
    { label: 'Denda keterlambatan', value: 'Rp 3.000,00' },
    { label: 'Nomor rekening', value: '800123456701' },
    { label: 'Nomor referensi', value: '202612060001234' },
    { label: 'Total', value: 'Rp 1.250.000,00' },
    { label: 'Kode pembayaran', value: '8808123456789012' },
    { label: 'Nomor ponsel', value: '081234567890' },
    { label: 'Unit', value: '12.004,5000' },
  ],
  scrollWidth: 390,
  clientWidth: 390,
  wide: [],
  h1: 1,
};

describe("the walk's detectors", () => {
  it('let a correct page pass, in either language', () => {
    expect(inspect(clean, 'id', index, true)).toEqual([]);
  });

  it('find a raw key of the locales, with or without its namespace, and an unfilled placeholder', () => {
    expect(rawKeys(['title.transfer'], index.keys)).toEqual(['"title.transfer" in "title.transfer"']);
    expect(rawKeys(['Bayar flows:bills.f.penalty sekarang'], index.keys)).toEqual([
      '"flows:bills.f.penalty" in "Bayar flows:bills.f.penalty sekarang"',
    ]);
    expect(rawKeys(['Halo {{name}}'], index.keys)).toEqual(['unfilled placeholder in "Halo {{name}}"']);
    // a dotted word that is no key of the locales is not one
    expect(rawKeys(['something.made.up', 'example.co.id'], index.keys)).toEqual([]);
  });

  it('find an amount not formatted as money: bare digits under an amount label, or after a currency', () => {
    expect(bareAmounts([], [{ label: 'Denda keterlambatan', value: '300000' }])).toEqual([
      '"300000" under "Denda keterlambatan"',
    ]);
    expect(bareAmounts([], [{ label: 'Late penalty', value: '300000' }])).toHaveLength(1);
    expect(bareAmounts(['Total Rp300000'], [])).toEqual(['"Rp300000" in "Total Rp300000"']);
    expect(bareAmounts(['IDR 1250000'], [])).toHaveLength(1);
    // numbers that are no money keep their digits
    expect(bareAmounts([], [{ label: 'Account number', value: '800123456701' }])).toEqual([]);
    expect(bareAmounts([], [{ label: 'Nomor tagihan', value: '538201938475' }])).toEqual([]);
  });

  it("find the other language's text of a key whose two values differ, and allow what both write alike", () => {
    const [en, id] = [index.foreign.id, index.foreign.en];
    const english = en.find((f) => f.key === 'batch:title.transfer');
    expect(english?.text).toBe('Mass transfer');
    // (named by the first key that has it)
    expect(otherLanguage(['Mass transfer'], 'id', index)).toEqual([
      expect.stringMatching(/^"Mass transfer" \(/),
    ]);
    expect(otherLanguage(['Transfer massal'], 'en', index)).toEqual([
      expect.stringMatching(/^"Transfer massal" \(/),
    ]);
    expect(otherLanguage(['Transfer massal'], 'id', index)).toEqual([]);
    expect(id.length).toBeGreaterThan(100);
    // short words say too little ("Total", "Email")
    expect(otherLanguage(['Total', 'Email', 'Back'], 'id', index)).toEqual([]);
  });

  it('find a horizontal scroll and name what reaches past the edge', () => {
    const wide = { scrollWidth: 612, clientWidth: 390, wide: ['table.MuiTable-root (right edge 612 px)'] };
    expect(horizontalScroll(wide)).toEqual([
      'scrollWidth 612 > clientWidth 390: table.MuiTable-root (right edge 612 px)',
    ]);
    expect(inspect({ ...clean, ...wide }, 'id', index, true)).toHaveLength(1);
    expect(inspect({ ...clean, ...wide }, 'id', index, false)).toEqual([]);
  });

  it('find a page without a visible h1', () => {
    expect(missingHeading({ h1: 2 })).toEqual([]);
    expect(inspect({ ...clean, h1: 0 }, 'id', index, false)).toEqual([
      { kind: 'no heading', detail: 'no visible h1: the page does not say what it is to a screen reader' },
    ]);
  });
});

describe("the walk's report", () => {
  const v = (path: string, ms: number, findings: Visit['findings'] = []): Visit => ({
    path,
    lang: 'id',
    width: 390,
    landed: path,
    ms,
    findings,
    spent: { open: 0, read: 0 },
  });

  it('is empty when every page passed, and lists every page that did not with each finding', () => {
    expect(report([v('/a/', 300), v('/b/', 400)])).toBe('');
    const out = report([
      v('/a/', 300, [{ kind: 'raw key', detail: '"title.transfer"' }]),
      v('/b/', 400, [{ kind: 'bare amount', detail: '"300000"' }]),
      { ...v('/b/', 400, [{ kind: 'bare amount', detail: '"300000"' }]), lang: 'en', width: 1366 },
    ]);
    expect(out).toBe(
      [
        '2 of 2 pages have something wrong:',
        '/a/',
        '  - raw key: "title.transfer" [id 390]',
        '/b/',
        '  - bare amount: "300000" [id 390; en 1366]',
      ].join('\n'),
    );
  });

  it('fails a page without an h1 in most of its visits, not one read once between two states', () => {
    const none = [{ kind: 'no heading' as const, detail: 'no visible h1' }];
    expect(report([v('/a/', 300, none), v('/a/', 300), v('/a/', 300), v('/a/', 300)])).toBe('');
    expect(report([v('/a/', 300, none), v('/a/', 300, none), v('/a/', 300, none), v('/a/', 300)])).toBe(
      ['1 of 1 pages have something wrong:', '/a/', '  - no heading: no visible h1 [id 390]'].join('\n'),
    );
  });

  it('calls a page slow on the median of its visits, saying what was measured', () => {
    expect(slowPages([v('/a/', 4000), v('/a/', 300), v('/a/', 350)]).size).toBe(0);
    expect(slowPages([v('/a/', 2500), v('/a/', 2600), v('/a/', 300)]).get('/a/')?.detail).toBe(
      'content shown after a median 2500 ms of 3 visits (2500 ms, 2600 ms, 300 ms), over 2000 ms',
    );
  });

  it('doubts a slow verdict that one visit decided, naming that visit to repeat; not a page slow in every visit', () => {
    const slowest = { ...v('/a/', 4767), how: 'load' as const };
    expect(slowInDoubt([slowest, v('/a/', 204), v('/b/', 2500), v('/b/', 2600), v('/c/', 300)])).toEqual([
      slowest,
    ]);
    // repeated in time, the page passes; repeated slow, it still fails
    expect(slowPages([slowest, v('/a/', 204), v('/a/', 400), v('/a/', 380)]).size).toBe(0);
    expect(slowPages([slowest, v('/a/', 204), v('/a/', 4500), v('/a/', 4600)]).size).toBe(1);
  });
});
