/** Rows [start, end) to render for a scroll position; `overscan` rows either side keep Tab and fast scrolling smooth. */
export interface RowWindow {
  start: number;
  end: number;
}

export function rowWindow(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  count: number,
  overscan: number,
): RowWindow {
  if (count <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const last = Math.ceil((Math.max(0, scrollTop) + viewportHeight) / rowHeight);
  return { start: Math.max(0, first - overscan), end: Math.min(count, last + overscan) };
}

export const sameWindow = (a: RowWindow, b: RowWindow) => a.start === b.start && a.end === b.end;

/** The indexes to render: the window, plus the row holding focus when it scrolled out (so focus is never lost). */
export function renderedIndexes(win: RowWindow, focused: number | null, count: number): number[] {
  const out: number[] = [];
  if (focused !== null && focused < win.start && focused < count) out.push(focused);
  for (let i = win.start; i < win.end; i++) out.push(i);
  if (focused !== null && focused >= win.end && focused < count) out.push(focused);
  return out;
}
