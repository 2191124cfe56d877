import type { Page } from 'playwright-core';

/** A label and the value shown beside it: a summary row, a table cell under its header, dt/dd. */
export interface LabelledValue {
  label: string;
  value: string;
}

/** What the walk reads from a page once its content is shown (collected in the page by `snapshotOf`). */
export interface PageSnapshot {
  /** Every visible text: each text node's, and each element's own when inline parts make it up. */
  texts: string[];
  /** Labelled values: rows of two parts, cells with their column's header, dt/dd, amount test ids. */
  values: LabelledValue[];
  /** The document's width and what it shows of it (document.scrollingElement). */
  scrollWidth: number;
  clientWidth: number;
  /** The elements reaching past the right edge, outermost first (tag, test id or class). */
  wide: string[];
  /** Visible level-one headings (h1 or role=heading with aria-level 1): what the page says it is. */
  h1: number;
}

/** A level-one heading: what the snapshot counts and what the walk waits for before reading a page. */
export const LEVEL_ONE_HEADING = 'h1, [role="heading"][aria-level="1"]';

/**
 * Runs in the page: self-contained, no closure over this module (Playwright sends its source; the
 * headings' selector comes as its argument). Hidden elements (display, visibility, a closed drawer's
 * content) are not read.
 */
export function collectSnapshot(headings: string): PageSnapshot {
  const squash = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
  const visible = (e: Element) =>
    (e as HTMLElement).checkVisibility?.({ checkOpacity: true, checkVisibilityCSS: true }) ?? true;
  const texts = new Set<string>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const owners = new Set<Element>();
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = squash(n.nodeValue);
    const parent = n.parentElement;
    if (!text || !parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName) || !visible(parent))
      continue;
    texts.add(text);
    owners.add(parent);
  }
  // An element's own text made of inline parts ("<p>Pay <b>Rp 1.000</b> now</p>") reads as one.
  const INLINE = new Set([
    'B',
    'STRONG',
    'EM',
    'I',
    'SPAN',
    'A',
    'SMALL',
    'ABBR',
    'CODE',
    'BR',
    'SUP',
    'SUB',
  ]);
  for (const e of owners) {
    if ([...e.children].every((c) => INLINE.has(c.tagName)) && e.children.length > 0)
      texts.add(squash((e as HTMLElement).innerText));
  }
  for (const e of document.querySelectorAll('input[placeholder], textarea[placeholder]'))
    if (visible(e)) texts.add(squash(e.getAttribute('placeholder')));
  for (const e of document.querySelectorAll('[aria-label]'))
    if (visible(e)) texts.add(squash(e.getAttribute('aria-label')));
  texts.delete('');

  const values: LabelledValue[] = [];
  const textOf = (e: Element) => squash((e as HTMLElement).innerText);
  // Rows of two parts: a label and its value (the engine's summary rows, the pages' detail lines).
  for (const e of document.querySelectorAll('main *, [role="dialog"] *')) {
    if (e.children.length !== 2 || !visible(e)) continue;
    const [a, b] = [e.children[0]!, e.children[1]!];
    if (a.children.length > 1 || b.children.length > 2) continue;
    const label = textOf(a);
    const value = textOf(b);
    if (label && value && label.length <= 60 && value.length <= 80) values.push({ label, value });
  }
  for (const dd of document.querySelectorAll('dd')) {
    const dt = dd.previousElementSibling;
    if (dt?.tagName === 'DT' && visible(dd)) values.push({ label: textOf(dt), value: textOf(dd) });
  }
  for (const table of document.querySelectorAll('table')) {
    if (!visible(table)) continue;
    const headers = [...table.querySelectorAll('thead th')].map(textOf);
    for (const row of table.querySelectorAll('tbody tr'))
      [...row.children].forEach((cell, i) => {
        const label = headers[i];
        if (label) values.push({ label, value: textOf(cell) });
      });
  }
  // An element the page names for what it shows ("bill-amount"): its own short text is the value.
  for (const e of document.querySelectorAll('[data-testid]')) {
    const value = visible(e) ? textOf(e) : '';
    if (value && value.length <= 40) values.push({ label: e.getAttribute('data-testid') ?? '', value });
  }

  const root = document.scrollingElement ?? document.documentElement;
  const wide: string[] = [];
  if (root.scrollWidth > root.clientWidth) {
    const seen = new Set<Element>();
    for (const e of document.body.querySelectorAll('*')) {
      if (wide.length >= 5 || !visible(e)) continue;
      const r = e.getBoundingClientRect();
      if (r.right <= root.clientWidth + 1 || r.width === 0) continue;
      // the outermost one: an element inside a reported one says nothing new
      let p = e.parentElement;
      while (p && !seen.has(p)) p = p.parentElement;
      seen.add(e);
      if (p) continue;
      const id = e.getAttribute('data-testid');
      const cls = (e.getAttribute('class') ?? '').split(' ').find((c) => c && !c.startsWith('css-'));
      wide.push(
        `${e.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : cls ? `.${cls}` : ''} (right edge ${Math.round(r.right)} px)`,
      );
    }
  }
  const h1 = [...document.querySelectorAll(headings)].filter(visible).length;
  return {
    texts: [...texts],
    values,
    scrollWidth: root.scrollWidth,
    clientWidth: root.clientWidth,
    wide,
    h1,
  };
}

/** The page's snapshot. */
export function snapshotOf(page: Page): Promise<PageSnapshot> {
  return page.evaluate(collectSnapshot, LEVEL_ONE_HEADING);
}
