/** What a flow's page does when its URL and its machine's step differ. */
/** stay: they agree; new: another transaction at the form; go: the URL moves to the machine's step. */
export type UrlFollow = 'stay' | 'new' | 'go';

export interface UrlFollowInput {
  /** The step the page's URL names. */
  stepPath: string;
  /** Whether that step is the flow's first page (its form). */
  first: boolean;
  /** The machine's step now (its page path and view). */
  machine: { path: string; view: string };
  /** The URL names another product than the transaction's (":mf" typed anew past the form). */
  otherProduct: boolean;
  /**
   * Whether this is the first look at the machine since the customer came to this URL. A receipt seen
   * on arrival at the form means they came back for another transaction; a receipt reached while the
   * URL still names the form (a slow phone had not drawn verify/ yet) is this transaction's.
   */
  arrival: boolean;
}

export function urlFollows({ stepPath, first, machine, otherProduct, arrival }: UrlFollowInput): UrlFollow {
  if (machine.path === stepPath && !otherProduct) return 'stay';
  if (arrival && (first || stepPath === 'inquiry/') && machine.view === 'receipt') return 'new';
  return 'go';
}

/**
 * Whether the router has already moved on from the page whose location has this key: the browser's
 * history entry (react-router keeps the location's key in it) is another one, and a slow phone has not
 * drawn the next page yet. Such a page follows its machine no more, or it would take the customer back
 * from where they went. Without a key in history (a memory router, a first load) nothing is known.
 */
export function leftBehind(key: string, historyState: unknown = globalThis.history?.state): boolean {
  const now = (historyState as { key?: unknown } | null | undefined)?.key;
  return typeof now === 'string' && now !== key;
}
