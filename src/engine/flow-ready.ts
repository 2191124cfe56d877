import type { i18n as I18n } from 'i18next';
import { addStrings } from '@/shared/i18n/i18n';
import type { FlowFile } from '@/shared/flows';
import { flowStrings, loadFlow } from './flows-data';

type Settling = Promise<FlowFile | undefined> & { status?: 'fulfilled'; value?: FlowFile | undefined };
const ready = new Map<string, Settling>();

/**
 * A flow's whole file with its own strings added (flows-data.ts), loaded once: asked for by the page
 * being opened (its route's preload) and read by its flow page. Marked settled once in, as React's
 * `use` reads a promise: a page whose flow came with its scripts draws at once instead of showing its
 * spinner first and the page on React's retry (which it holds up to 300 ms).
 */
export function flowReady(id: string, i18n: I18n): Promise<FlowFile | undefined> {
  let p = ready.get(id);
  if (!p) {
    const q: Settling = Promise.all([loadFlow(id), addStrings(i18n, flowStrings(id))]).then(([flow]) => {
      Object.assign(q, { status: 'fulfilled', value: flow });
      return flow;
    });
    // A failed load (offline) is asked again next time rather than remembered.
    q.catch(() => ready.delete(id));
    ready.set(id, (p = q));
  }
  return p;
}
